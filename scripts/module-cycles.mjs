#!/usr/bin/env node
// The module-level half of `npm run lint:deps`: no import cycle between two API modules, however
// long (docs/architecture.md, "No import cycles in the API"). dependency-cruiser's own
// `circular` rule sees cycles between files; teams.routes → team-settings.service → teams.service
// is no file cycle, yet the modules teams and team-settings then import each other. This cruise
// reads the same imports (tests left out) and folds every file into its module folder.
// Job files (jobs/*.job.ts) are outside modules/ and not folded: they are the documented exception.
import { cruise } from "dependency-cruiser";

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const { output } = await cruise(["apps/api/src/modules"], {
  exclude: { path: "\\.test\\.ts$|(^|/)(node_modules|dist)/" },
  doNotFollow: { path: "node_modules" },
  includeOnly: "^apps/api/src/modules/",
  tsPreCompilationDeps: true,
  outputType: "json",
});
const edges = new Map(); // module → Map(module it imports → the first file import showing it)
for (const file of JSON.parse(output).modules) {
  const from = MODULE.exec(file.source)?.[1];
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Map());
  for (const dep of file.dependencies) {
    const to = MODULE.exec(dep.resolved)?.[1];
    if (to && to !== from && !edges.get(from).has(to))
      edges.get(from).set(to, `${file.source} → ${dep.resolved}`);
  }
}

// Every module that reaches itself again: report the shortest way round, once per cycle.
const seen = new Set();
const cycles = [];
for (const start of [...edges.keys()].sort()) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  let found = null;
  while (queue.length && !found) {
    const at = queue.shift();
    for (const next of edges.get(at)?.keys() ?? []) {
      if (next === start) {
        found = at;
        break;
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  if (!found) continue;
  const path = [start];
  for (let at = found; at !== start; at = previous.get(at)) path.splice(1, 0, at);
  const key = [...path].sort().join(",");
  if (seen.has(key)) continue;
  seen.add(key);
  cycles.push([...path, start]);
}

for (const cycle of cycles) {
  console.error(`  error api-module-cycles: ${cycle.join(" → ")}`);
  for (let i = 0; i < cycle.length - 1; i++) console.error(`      ${edges.get(cycle[i]).get(cycle[i + 1])}`);
}
if (cycles.length > 0) {
  console.error(`\nx ${cycles.length} import cycle(s) between API modules.`);
  process.exit(1);
}
console.log(`✔ no import cycle between ${edges.size} API modules`);
