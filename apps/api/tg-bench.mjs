import sharp from "sharp";
const page = await sharp({ create: { width: 1500, height: 2250, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).jpeg({ quality: 90 }).toBuffer();
console.log("bytes", page.length);
const variants = {
  current: (b) => sharp(b, { failOn: "error", animated: true, limitInputPixels: 50e6, sequentialRead: true }).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer(),
  full: (b) => sharp(b, { failOn: "error", limitInputPixels: 50e6, sequentialRead: true }).raw().toBuffer(),
  notAnimated: (b) => sharp(b, { failOn: "error", limitInputPixels: 50e6, sequentialRead: true }).resize({ width: 64, height: 64, fit: "inside" }).raw().toBuffer(),
  shrink8: (b) => sharp(b, { failOn: "error", limitInputPixels: 50e6, sequentialRead: true, jpeg: undefined }).resize({ width: 188, fit: "inside", fastShrinkOnLoad: true }).raw().toBuffer(),
};
sharp.concurrency(1);
for (let round = 0; round < 2; round++) for (const [name, fn] of Object.entries(variants)) {
  for (let i = 0; i < 3; i++) await fn(page);
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const N = 20; for (let i = 0; i < N; i++) await fn(page);
  const c = process.cpuUsage(c0); console.log(name, ((c.user + c.system) / 1000 / N).toFixed(1), "ms cpu", ((performance.now() - t0) / N).toFixed(1), "ms wall");
}
