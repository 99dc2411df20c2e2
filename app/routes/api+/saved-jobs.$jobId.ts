import { apiRoute } from "~/web/api-route.server";
import { saveJob, unsaveJob } from "~/models/job/saved.server";

/**
 * PUT /api/saved-jobs/{jobId}: saves a job the caller can see — 201 when newly saved, 200 when it
 * already was; 404 for an unknown or hidden job. DELETE: removes it — 200 `{jobId, saved: false}`,
 * also when it was not saved.
 */
export const { loader, action } = apiRoute({
  PUT: async (api) => {
    const ctx = await api.ctx("college");
    const jobId = api.param("jobId");
    const { created } = await saveJob(ctx, jobId);
    return api.reply({ jobId, saved: true }, created ? 201 : 200);
  },
  DELETE: async (api) => {
    const ctx = await api.ctx("college");
    const jobId = api.param("jobId");
    await unsaveJob(ctx, jobId);
    return { jobId, saved: false };
  },
});
