// Scheduled saved queries (SQL Lab's Schedule): the scheduler's tick and the worker's job.
export { runScheduledSavedQuery, scheduledQueryJobHandler, scheduledRunClientId } from './run.ts';
export {
  SCHEDULED_QUERIES_QUEUE,
  type ScheduledQueryJobPayload,
  scheduleDueSavedQueries,
  scheduledQueryJobId,
} from './scheduling.ts';
