import {
  KANBOARD_MAX_COLUMNS,
  KANBOARD_OPENING_PAGE_SIZE,
  LIST_VIEW_TYPES,
  type CreateKanboardColumnBody,
  type KanboardAbilities,
  type KanboardBoardOrderBody,
  type KanboardColumn,
  type KanboardColumnQuery,
  type KanboardPlacement,
  type KanboardTaskOrderBody,
  type KanboardView,
  type KanboardViews,
  type ListViewTypeName,
  type UpdateKanboardColumnBody,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { readCache } from "../../shared/read-cache.js";
import { viewKey } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { keepTask, keptTaskFor, TASK_READ_TABLES, type KeptTask } from "../tasks/kept-task.js";
import { taskLoader } from "../tasks/tasks.loader.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import { writeBoardCleared, writeBoardPlacement, writeStatusChange } from "../tasks/tasks.service.js";
import { runningTimers } from "../time-tracker/task-time.js";
import { keyForSpot, type Spot } from "./kanboard.placement.js";
import { boardAbilities, kanboardPolicy } from "./kanboard.policy.js";
import { presentColumn, presentWip } from "./kanboard.presenter.js";
import { isForeignKeyViolation, kanboardRepository, type CardKey, type CardRow, type ColumnCount } from "./kanboard.repository.js";
import type { KanbanBoardRow } from "./kanboard.tables.js";

/** The board as one reader sees it: its columns with their counts, and what the reader may do. */
export interface KanboardListing {
  columns: KanboardColumn[];
  total: number;
  abilities: KanboardAbilities;
}

/** A page of a column's cards as kept for every reader with one privacy view (abilities are added per reader). */
interface KeptColumnPage {
  tasks: KeptTask[];
  count: ColumnCount;
}

/** Column pages kept at most, weighed by their cards. */
const MAX_KEPT_CARDS = 20_000;
/** Projects whose columns and counts are kept at most. */
const MAX_KEPT_BOARDS = 5_000;

/** Every table a page of cards is read from: the tasks' own, and the columns. */
const COLUMN_PAGE_TABLES = [...TASK_READ_TABLES, "kanban_boards"] as const;

/** A stored view type as the API sends it: the task lists for anything no longer known. */
function viewTypeOf(stored: string | undefined): ListViewTypeName {
  return LIST_VIEW_TYPES.find((type) => type === stored) ?? "list";
}

/**
 * The Kanban board (README.md): a project's columns, a page of a column's cards, the columns' changes, and
 * the cards' places. A card is a task; its place is written through the tasks module (`writeBoardPlacement`),
 * and a done column completes and reopens tasks through the tasks module's status change, in the move's
 * transaction.
 */
export function kanboardService(ctx: AppContext, access: ProjectAccessService) {
  const repository = kanboardRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const running = runningTimers(ctx.tables, ctx.db);
  // A project's columns, read by every board call, change only when someone edits the board.
  const columnsKept = readCache<{ rows: KanbanBoardRow[] }>(ctx.tables, { dependsOn: ["kanban_boards"], maxWeight: MAX_KEPT_BOARDS });
  // The columns' counts per project and privacy view: a board of 10,000 cards is counted once per change.
  const countsKept = readCache<{ counts: Map<number, ColumnCount> }>(ctx.tables, { dependsOn: ["kanban_boards", "tasks", "task_lists"], maxWeight: MAX_KEPT_BOARDS });
  const pagesKept = readCache<KeptColumnPage>(ctx.tables, { dependsOn: COLUMN_PAGE_TABLES, maxWeight: MAX_KEPT_CARDS, weigh: (page) => page.tasks.length + 1 });

  async function columnsOf(projectId: number): Promise<KanbanBoardRow[]> {
    return (await columnsKept.get(String(projectId), async () => ({ rows: await repository.listColumns(projectId) }))).rows;
  }

  async function countsOf(projectAccess: ProjectAccess, columns: readonly KanbanBoardRow[]): Promise<Map<number, ColumnCount>> {
    const view = privacyView(projectAccess);
    const key = `${projectAccess.projectId}|${viewKey(view)}`;
    return (await countsKept.get(key, async () => ({ counts: await repository.countColumns(columns.map((column) => column.id), view) }))).counts;
  }

  /** A column of the project named in a path: 404 otherwise (a column of another project reads like none). */
  async function requireColumn(projectId: number, boardId: number): Promise<KanbanBoardRow> {
    const column = (await columnsOf(projectId)).find((row) => row.id === boardId);
    if (!column) throw notFound(say("kanboard.column_not_found"));
    return column;
  }

  function requireManager(projectAccess: ProjectAccess): void {
    if (!kanboardPolicy.canManageBoard(projectAccess)) throw forbidden(say("kanboard.who_may_manage_board"));
  }

  /** Whether the reader may see the task (hidden tasks read like missing ones everywhere on the board). */
  function sees(projectAccess: ProjectAccess, card: CardRow): boolean {
    return card.project_id === projectAccess.projectId && taskPolicy.canSee(privacyView(projectAccess), card, { privacy: card.list_privacy });
  }

  /** A task of the project the reader sees, or undefined: the callers answer 400 or 404 as their input calls for. */
  async function visibleCard(projectAccess: ProjectAccess, taskId: number): Promise<CardRow | undefined> {
    const card = await repository.findCard(taskId);
    return card && sees(projectAccess, card) ? card : undefined;
  }

  /** 403 unless the reader may move this task's card (whoever may change its status). */
  async function requireMover(projectAccess: ProjectAccess, card: CardRow): Promise<void> {
    // Managers and the task's creator may move it whoever is assigned: the assignees are read only for others.
    const assignees = taskPolicy.canEdit(projectAccess, card) ? [] : await repository.assigneeIds(card.id);
    if (!kanboardPolicy.canMoveCard(projectAccess, card, assignees)) throw forbidden(say("kanboard.who_may_move_card"));
  }

  /** The status a card takes on arriving in `target` from `from`: done columns complete, leaving one reopens. */
  function statusOnArrival(card: CardRow, from: KanbanBoardRow | undefined, target: KanbanBoardRow): number | null {
    if (target.is_done === 1) return card.status === 1 ? null : 1;
    return from?.is_done === 1 && card.status === 1 ? 0 : null;
  }

  /**
   * Writes a card's new place and, when it enters or leaves a done column, its status: the place alone is
   * one statement on one row; with a status change, both go in one transaction with the usual event.
   */
  async function place(actor: Actor, card: CardRow, target: KanbanBoardRow, key: string, status: number | null): Promise<void> {
    const placement = { kan_board_id: target.id, kan_board_order: key };
    try {
      if (status === null) {
        await writeBoardPlacement(ctx.db, card.id, placement);
        return;
      }
      await transact(ctx, async (trx) => {
        await writeBoardPlacement(trx, card.id, placement);
        await writeStatusChange(trx, actor, card, status, nowUtc());
      });
    } catch (error) {
      // The column was deleted after it was checked: the same answer as a column that is not there.
      if (isForeignKeyViolation(error)) throw invalidField("board_id", say("kanboard.choose_column_project"));
      throw error;
    }
  }

  /** Where a card stands after a change, with the column's WIP state and the warning a passed limit gives. */
  async function placementAnswer(
    projectAccess: ProjectAccess,
    card: CardRow,
    target: KanbanBoardRow,
    key: string,
    status: number | null,
  ): Promise<KanboardPlacement> {
    const standing = await repository.standing(target.id, { id: card.id, key }, privacyView(projectAccess));
    const wip = presentWip(target.wip_limit, standing.total);
    // A card that arrives in a column past its limit says so; reordering inside a full column does not.
    const arrived = card.kan_board_id !== target.id;
    const warnings = arrived && wip.exceeded && target.wip_limit !== null
      ? [say("kanboard.wip_limit_passed", { title: target.title, total: standing.total, limit: target.wip_limit }).text]
      : [];
    return {
      data: {
        task_id: card.id,
        board_id: target.id,
        from_board_id: card.kan_board_id,
        position: standing.position,
        order: key,
        status: status ?? card.status,
        status_changed: status !== null,
      },
      meta: { wip, warnings },
    };
  }

  /** A neighbour named in a move: another card of the target column that the reader sees; else a 400 on its field. */
  async function neighbour(projectAccess: ProjectAccess, field: string, taskId: number | null | undefined, target: KanbanBoardRow, movingId: number): Promise<CardKey | undefined> {
    if (taskId === null || taskId === undefined) return undefined;
    const card = taskId === movingId ? undefined : await visibleCard(projectAccess, taskId);
    if (!card || card.kan_board_id !== target.id || card.kan_board_order === null) throw invalidField(field, say("kanboard.neighbour_not_in_column"));
    return { id: card.id, key: card.kan_board_order };
  }

  async function listColumns(actor: Actor, projectId: number, options: { withCards?: boolean } = {}): Promise<KanboardListing> {
    const projectAccess = await access.requireAccess(actor, projectId);
    const columns = await columnsOf(projectId);
    const counts = await countsOf(projectAccess, columns);
    const presented = columns.map((column) => presentColumn(column, projectAccess, counts.get(column.id)));
    const abilities = boardAbilities(projectAccess);
    const total = presented.reduce((sum, column) => sum + column.meta.total_tasks, 0);
    if (!options.withCards) return { columns: presented, total, abilities };
    // Each column's first cards, as its own call answers them (the same kept pages serve both).
    const firstPage = { page: 1, per_page: KANBOARD_OPENING_PAGE_SIZE };
    const withCards = await Promise.all(presented.map((column) => getColumn(actor, projectId, column.id, firstPage)));
    return { columns: withCards, total, abilities };
  }

  async function getColumn(actor: Actor, projectId: number, boardId: number, query: KanboardColumnQuery): Promise<KanboardColumn> {
    const projectAccess = await access.requireAccess(actor, projectId);
    const column = await requireColumn(projectId, boardId);
    const view = privacyView(projectAccess);
    const page = pageRequest(query.page, query.per_page, query.per_page);
    const limit = page.limit ?? query.per_page;
    const key = `${boardId}|${viewKey(view)}|${limit}|${page.offset}`;
    const [kept, runningTaskId] = await Promise.all([
      pagesKept.get(key, async () => {
        const [records, counts] = await Promise.all([repository.pageOfColumn(boardId, view, limit, page.offset), repository.countColumns([boardId], view)]);
        const presented = await loader.present(records, () => projectAccess);
        const facts = new Map(records.map((record) => [record.id, record]));
        const tasks = presented.flatMap((task) => {
          const record = facts.get(task.id);
          return record ? [keepTask(task, record, task.assignees.data.map((user) => user.id))] : [];
        });
        return { tasks, count: counts.get(boardId) ?? { total: 0, incomplete: 0 } };
      }),
      running.taskOf(actor.id),
    ]);
    const tasks = kept.tasks.map((task) => keptTaskFor({ access: projectAccess, runningTaskId }, task));
    return presentColumn(column, projectAccess, kept.count, { data: tasks, meta: { pagination: paginationMeta(page, kept.count.total, tasks.length) } });
  }

  return {
    /** `GET pm-pro/v2/projects/{p}/kanboard`: the columns in order, each with the reader's count of its cards. */
    listColumns,

    /** `GET .../kanboard/{board_id}/?page=`: one column with a page of the cards the reader sees, in order. */
    getColumn,

    /** `POST .../kanboard`: a new column at the end of the board (managers). */
    async createColumn(actor: Actor, projectId: number, input: CreateKanboardColumnBody): Promise<KanboardColumn> {
      const projectAccess = await access.requireAccess(actor, projectId);
      requireManager(projectAccess);
      if ((await columnsOf(projectId)).length >= KANBOARD_MAX_COLUMNS) throw new AppError("rule_broken", say("kanboard.too_many_columns", { max: KANBOARD_MAX_COLUMNS }));
      const at = nowUtc();
      const created = await repository.insertColumn({
        project_id: projectId,
        title: input.title,
        color: input.color ?? null,
        wip_limit: input.wip_limit ?? null,
        is_done: input.is_done ? 1 : 0,
        created_by: actor.id,
        created_at: at,
        updated_at: at,
      });
      return presentColumn(created, projectAccess);
    },

    /** `POST .../kanboard/{board_id}/update`: title, colour, WIP limit, done flag (managers). */
    async updateColumn(actor: Actor, projectId: number, boardId: number, input: UpdateKanboardColumnBody): Promise<KanboardColumn> {
      const projectAccess = await access.requireAccess(actor, projectId);
      requireManager(projectAccess);
      const column = await requireColumn(projectId, boardId);
      const changes = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.wip_limit !== undefined && { wip_limit: input.wip_limit }),
        ...(input.is_done !== undefined && { is_done: input.is_done ? 1 : 0 }),
      };
      const updated = { ...column, ...changes, updated_at: nowUtc() };
      await repository.updateColumn(boardId, { ...changes, updated_at: updated.updated_at });
      const counts = await repository.countColumns([boardId], privacyView(projectAccess));
      return presentColumn(updated, projectAccess, counts.get(boardId));
    },

    /** `POST .../kanboard/{board_id}/delete`: the column goes; its tasks stay in their lists, off the board. */
    async deleteColumn(actor: Actor, projectId: number, boardId: number): Promise<{ removedCards: number }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      requireManager(projectAccess);
      await requireColumn(projectId, boardId);
      const removedCards = await transact(ctx, async (trx) => {
        const cleared = await writeBoardCleared(trx, boardId);
        await kanboardRepository(trx).deleteColumn(boardId);
        return cleared;
      });
      return { removedCards };
    },

    /** `POST .../kanboard/board-order`: the columns' new positions (managers). */
    async orderColumns(actor: Actor, projectId: number, input: KanboardBoardOrderBody): Promise<KanboardListing> {
      const projectAccess = await access.requireAccess(actor, projectId);
      requireManager(projectAccess);
      const known = new Set((await columnsOf(projectId)).map((column) => column.id));
      const strangers = input.board_orders.map((order) => order.id).filter((id) => !known.has(id));
      if (strangers.length > 0) throw invalidField("board_orders", say("kanboard.columns_not_on_board", { strangers: strangers.join(", ") }));
      const at = nowUtc();
      await transact(ctx, (trx) => kanboardRepository(trx).setColumnOrders(projectId, input.board_orders, at));
      return listColumns(actor, projectId);
    },

    /**
     * `POST .../kanboard/{board_id}/task/{task_id}`: puts a task of the project at the top of a column. A task
     * in another column is a 409 (it is moved with `task-order`); one already in this column stays where it is.
     */
    async addTask(actor: Actor, projectId: number, boardId: number, taskId: number): Promise<KanboardPlacement> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const target = await requireColumn(projectId, boardId);
      const card = await visibleCard(projectAccess, taskId);
      if (!card) throw notFound(say("tasks.task_not_found"));
      if (card.parent_id !== 0) throw invalidField("task_id", say("kanboard.sub_tasks_not_on_board"));
      await requireMover(projectAccess, card);
      if (card.kan_board_id === target.id && card.kan_board_order !== null) {
        return placementAnswer(projectAccess, card, target, card.kan_board_order, null);
      }
      if (card.kan_board_id !== null) throw new AppError("conflict", say("kanboard.task_already_in_other_column"));
      const key = await keyForSpot(repository, target.id, card.id, { to: "top" });
      const status = statusOnArrival(card, undefined, target);
      await place(actor, card, target, key, status);
      return placementAnswer(projectAccess, card, target, key, status);
    },

    /** `POST .../kanboard/{board_id}/tasks/{task_id}/delete`: takes a card off the board; the task stays as it is. */
    async removeTask(actor: Actor, projectId: number, boardId: number, taskId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      await requireColumn(projectId, boardId);
      const card = await visibleCard(projectAccess, taskId);
      if (!card) throw notFound(say("tasks.task_not_found"));
      if (card.kan_board_id !== boardId) throw notFound(say("kanboard.task_not_in_column"));
      await requireMover(projectAccess, card);
      await writeBoardPlacement(ctx.db, card.id, null);
    },

    /**
     * `POST .../kanboard/task-order`: moves a card within its column or into another (a task of the project
     * not yet on the board comes onto it). The new key lies between the neighbours' keys: one row written.
     */
    async moveTask(actor: Actor, projectId: number, input: KanboardTaskOrderBody): Promise<KanboardPlacement> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const columns = await columnsOf(projectId);
      const target = columns.find((column) => column.id === input.board_id);
      if (!target) throw invalidField("board_id", say("kanboard.choose_column_project"));
      const card = await visibleCard(projectAccess, input.task_id);
      if (!card) throw invalidField("task_id", say("tasks.choose_task_project"));
      if (card.parent_id !== 0) throw invalidField("task_id", say("kanboard.sub_tasks_not_on_board"));
      await requireMover(projectAccess, card);
      const [before, after] = await Promise.all([
        neighbour(projectAccess, "before_task_id", input.before_task_id, target, card.id),
        neighbour(projectAccess, "after_task_id", input.after_task_id, target, card.id),
      ]);
      const spot: Spot = { ...(before && { before }), ...(after && { after }), to: input.to };
      const key = await keyForSpot(repository, target.id, card.id, spot);
      const from = columns.find((column) => column.id === card.kan_board_id);
      const status = statusOnArrival(card, from, target);
      await place(actor, card, target, key, status);
      return placementAnswer(projectAccess, card, target, key, status);
    },

    /** `GET .../kanboard/view`: how the caller last looked at the project's tasks (`list` until they open the board). */
    async viewType(actor: Actor, projectId: number): Promise<KanboardView> {
      await access.requireAccess(actor, projectId);
      const stored = await repository.viewType(actor.id, projectId);
      return { project_id: projectId, view_type: viewTypeOf(stored) };
    },

    /** `POST .../kanboard/view`: remembers it (the web sends it when the user opens the board or the lists). */
    async saveViewType(actor: Actor, projectId: number, viewType: ListViewTypeName): Promise<KanboardView> {
      await access.requireAccess(actor, projectId);
      await repository.saveViewType(actor.id, projectId, viewType, nowUtc());
      return { project_id: projectId, view_type: viewType };
    },

    /** `GET pm-pro/v2/kanboard/views`: every remembered view of the caller, by project id. */
    async viewTypes(actor: Actor): Promise<KanboardViews> {
      const rows = await repository.viewTypes(actor.id);
      return Object.fromEntries(rows.map((row) => [String(row.project_id), viewTypeOf(row.view_type)]));
    },
  };
}

export type KanboardService = ReturnType<typeof kanboardService>;

/** The `project.created` handler: a new project's board starts with the default columns (once, however often it runs). */
export async function giveDefaultColumns(db: Kysely<Database>, projectId: number, actorId: number | null): Promise<void> {
  await kanboardRepository(db).insertDefaultColumns(projectId, actorId, nowUtc());
}

/** The `project.duplicated` handler: the copy gets the source's columns, empty (the copied tasks are on no board). */
export async function copyColumnsOf(db: Kysely<Database>, sourceProjectId: number, projectId: number, actorId: number | null): Promise<void> {
  await kanboardRepository(db).copyColumns(sourceProjectId, projectId, actorId, nowUtc());
}
