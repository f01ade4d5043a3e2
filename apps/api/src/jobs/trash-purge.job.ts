/**
 * `trash.purge`: once a day, removes for good what has been in the trash longer than 30 days
 * (rows, then their files). See purgeTrash in modules/trash/trash.service.ts.
 */
import { purgeTrash } from "../modules/trash/trash.service";
import { defineJob } from "./engine";

export const trashPurge = defineJob({
  name: "trash.purge",
  cron: "17 3 * * *",
  async run(_data, { db, storage, log }) {
    return purgeTrash({ db, storage, log });
  },
});
