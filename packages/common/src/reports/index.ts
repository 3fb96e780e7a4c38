export {
  ALERT_NON_NUMBER_ERROR,
  ALERT_OPERATORS,
  ALERT_SQL_LIMIT,
  ALERT_VALIDATOR_CONFIG_ERROR,
  ALERT_VALIDATOR_TYPES,
  type AlertEvaluation,
  type AlertOperator,
  type AlertResult,
  type AlertValidatorType,
  alertMultipleColumnsError,
  alertMultipleRowsError,
  evaluateAlert,
  type OperatorConfig,
  parseOperatorConfig,
  validatorConfigProblem,
} from './alertValidator.ts';
export {
  type DashboardChoice,
  dashboardChoiceExtra,
  dashboardChoiceOf,
  type TabChoice,
  tabChoices,
  type ValueFilterChoice,
  valueFilterChoices,
} from './dashboardChoices.ts';
export {
  dashboardStateProblems,
  nativeFilterNotFound,
  type ReportDashboard,
  tabNotFound,
} from './dashboardExtra.ts';
export {
  type ReportDashboardState,
  type ReportNativeFilter,
  reportDashboardState,
} from './dashboardState.ts';
export { humanizeCrontab } from './humanize.ts';
export {
  EMAIL_PATTERN,
  type EmailRecipientConfig,
  type RecipientType,
  type ReportRecipient,
  recipientProblems,
  splitAddresses,
} from './recipients.ts';
export {
  RUN_ERROR_CODES,
  RUN_ERROR_TEXTS,
  type RunError,
  type RunErrorCode,
  type RunErrorParams,
  runError,
  runErrorLine,
  runErrorParamsJson,
  runErrorText,
  storedRunError,
} from './runErrors.ts';
export {
  crontabProblem,
  dueRunTimes,
  firesMoreOftenThan,
  isKnownTimeZone,
  nextRunTimes,
  scheduleFrequencyMessage,
} from './schedule.ts';
export {
  afterNotice,
  afterRun,
  ERROR_NOTIFICATION_MARKER,
  type ExecutionLogEntry,
  GRACE_PERIOD_MESSAGE,
  isInErrorGracePeriod,
  isInGracePeriod,
  isOnWorkingTimeout,
  type LogRecord,
  PREVIOUS_WORKING_MESSAGE,
  planRun,
  REPORT_STATES,
  type ReportScheduleType,
  type ReportState,
  type RunEnd,
  type RunFrom,
  type RunInput,
  type RunOutcome,
  type RunPlan,
  WORKING_TIMEOUT_MESSAGE,
} from './states.ts';
export { shownTabs, viewedDashboardChoice } from './viewedChoice.ts';
