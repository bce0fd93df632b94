import type { Scenario } from "../lib/scenario.js";
import { authMe } from "./auth-me.js";
import { calendarMonth, calendarResourceMonth } from "./calendar.js";
import { customFieldDropdown, customFieldDropdownUncached, customFieldNumberRange, customFieldNumberRangeUncached } from "./custom-fields.js";
import { taskUpdateChatOff, taskUpdateChatOn } from "./chat-integration.js";
import { duplicateThousandTaskProject } from "./duplication.js";
import { ganttChart, ganttChartAfterChange, ganttRescheduleChain } from "./gantt.js";
import { health } from "./health.js";
import { helloWorld } from "./hello-world.js";
import { invoiceListTenThousand, invoicePdfTwoHundredLines } from "./invoices.js";
import { kanboardColumnPage, kanboardMove, kanboardPageAfterMove } from "./kanboard.js";
import { notificationsList } from "./notifications.js";
import { oneProject, oneTask, projectsList } from "./single-records.js";
import { progressFirstPage, reportAdvanced, reportCompleted, reportMilestone, reportOverdue, reportPersonalMonth, reportProject, reportUnassigned, reportUserActivities } from "./reports.js";
import { searchAsMember, searchCommonWord, searchInProject, searchNarrow } from "./search.js";
import { sprintPage } from "./sprints.js";
import { taskListsKanbanTenThousand, taskListsTenThousand, taskListsThousand } from "./task-lists.js";
import { taskCreate, tasksFiltered, tasksOfUser } from "./tasks.js";
import { bulkCompleteTasks } from "./tasks-bulk.js";
import { taskListsWithSubTasks, timerStartStop, timesheetMonth } from "./time-tracker.js";

/** Every scenario, in the order they run. The baseline comes first: the others' ratios are to it. */
export const SCENARIOS: Scenario[] = [
  helloWorld,
  health,
  authMe,
  projectsList,
  oneProject,
  oneTask,
  taskListsThousand,
  taskListsTenThousand,
  taskListsKanbanTenThousand,
  tasksFiltered,
  tasksOfUser,
  customFieldDropdown, customFieldNumberRange, customFieldDropdownUncached, customFieldNumberRangeUncached,
  calendarMonth,
  calendarResourceMonth,
  searchCommonWord,
  searchNarrow,
  searchAsMember,
  searchInProject,
  notificationsList,
  taskCreate,
  bulkCompleteTasks,
  taskUpdateChatOff,
  taskUpdateChatOn,
  taskListsWithSubTasks,
  timerStartStop,
  timesheetMonth,
  kanboardColumnPage,
  kanboardMove,
  kanboardPageAfterMove,
  ganttChart,
  ganttRescheduleChain,
  ganttChartAfterChange,
  sprintPage,
  reportOverdue,
  reportCompleted,
  reportUnassigned,
  reportMilestone,
  reportProject,
  reportUserActivities,
  reportAdvanced,
  reportPersonalMonth,
  progressFirstPage,
  invoiceListTenThousand,
  invoicePdfTwoHundredLines,
  // Last: every request writes a whole 1,000-task copy.
  duplicateThousandTaskProject,
];
