import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { REPORT_PDF_MAX_ROWS } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { seedReportsDataSet, type ReportsDataSet } from "./reports.fixtures.js";

let t: TestApp;
let set: ReportsDataSet;

beforeAll(async () => {
  t = await createTestApp();
  set = await seedReportsDataSet(t.app, t.database.db);
  // The co-worker writes one entry of their own, for the user-activities export.
  const created = await set.cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${set.beta}/tasks`, payload: { title: "Coworker made", due_date: "2026-05-01" } });
  if (created.statusCode !== 200) throw new Error(created.body);
});
afterAll(() => t.close());

function exportUrl(session: Session, path: string, query: string): string {
  return `/api/pm-pro/v2/users/${session.userId}/advance-report/${path}/?${query}`;
}

async function download(session: Session, path: string, query: string) {
  return session.inject({ method: "GET", url: exportUrl(session, path, query), nonce: false });
}

/** The CSV's records (after the header), split on commas: the data set's cells hold none. */
function csvRecords(body: string): string[][] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  return body.slice(1).trim().split("\r\n").slice(1).map((line) => line.split(","));
}

/** The text of a PDF as poppler reads it, layout kept. */
async function pdfText(pdf: Buffer): Promise<string> {
  const run = promisify(execFile);
  const child = run("pdftotext", ["-layout", "-", "-"], { maxBuffer: 64 * 1024 * 1024 });
  child.child.stdin?.end(pdf);
  return (await child).stdout;
}

describe("GET /api/pm-pro/v2/users/{user}/advance-report/{kind}/csv/", () => {
  it("exports the overdue tasks of the range, incomplete and due before today, as a dated CSV with a BOM", async () => {
    const response = await download(set.cast.siteManager, "overdue-tasks/csv", "start_date=2026-03-01&end_date=2026-03-31");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="overdue-tasks-report-\d{4}-\d{2}-\d{2}\.csv"/);
    const records = csvRecords(response.body);
    expect(records.map((record) => record[2]).sort()).toEqual(["'=SUM(1+1)", "Milestone task", "Overdue one", "Overdue two", "Secret"]);
    const one = records.find((record) => record[2] === "Overdue one");
    expect(one).toEqual(["Alpha", "Alpha list", "Overdue one", "Incomplete", "Carl Coworker", "", "2026-03-05", expect.stringMatching(/^\d{4}-/), "Mia Manager", "", "", "0.00"]);
  });

  it("escapes a title a spreadsheet would run as a formula", async () => {
    const response = await download(set.cast.siteManager, "unassigned/csv", "start_date=2026-03-01&end_date=2026-03-31");
    expect(response.statusCode, response.body).toBe(200);
    const records = csvRecords(response.body);
    // Closed unassigned is complete: the report lists open work nobody holds.
    expect(records.map((record) => record[2])).toEqual(["'=SUM(1+1)"]);
  });

  it("narrows by user and project", async () => {
    const byUser = csvRecords((await download(set.cast.siteManager, "overdue-tasks/csv", `start_date=2026-03-01&end_date=2026-03-31&user_id=${set.cast.coWorker.userId}`)).body);
    expect(byUser.map((record) => record[2]).sort()).toEqual(["Milestone task", "Overdue one", "Secret"]);
    const byProject = csvRecords((await download(set.cast.siteManager, "overdue-tasks/csv", `start_date=2026-03-01&end_date=2026-03-31&project_id=${set.beta}`)).body);
    expect(byProject).toEqual([]);
  });

  it("exports the tasks completed in the range, with who completed them", async () => {
    const records = csvRecords((await download(set.cast.siteManager, "completed-tasks/csv", "start_date=2026-03-01&end_date=2026-03-31")).body);
    expect(records.map((record) => [record[2], record[3], record[9], record[10]]).sort()).toEqual([
      ["Closed unassigned", "Complete", "2026-03-09", "Mia Manager"],
      ["Done early", "Complete", "2026-03-02", "Mia Manager"],
    ]);
    const april = csvRecords((await download(set.cast.siteManager, "completed-tasks/csv", "start_date=2026-04-01&end_date=2026-04-30")).body);
    expect(april.map((record) => record[2])).toEqual(["Done late"]);
  });

  it("exports a milestone's tasks", async () => {
    const records = csvRecords((await download(set.cast.siteManager, "milestone/csv", `project_id=${set.alpha}&milestone=${set.milestoneId}`)).body);
    expect(records.map((record) => [record[1], record[2]])).toEqual([["Milestone list", "Milestone task"]]);
  });

  it("exports a user's activities with their sentences", async () => {
    const response = await download(set.cast.siteManager, "user-activities/csv", `start_date=2026-01-01&user_id=${set.cast.coWorker.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    const records = csvRecords(response.body);
    expect(records).toHaveLength(1);
    expect(records[0]?.[2]).toBe("Beta");
    expect(records[0]?.[4]).toContain("Coworker made");
  });

  it.each([
    ["overdue-tasks/csv", "end_date=2026-03-31", "start_date", "Start and Due date field is required"],
    ["completed-tasks/pdf", "", "start_date", "Start and Due date field is required"],
    ["unassigned/csv", "start_date=2026-03-10&end_date=2026-03-01", "end_date", "The end date must not be before the start date."],
    ["user-activities/csv", "start_date=2026-03-01", "user_id", "Please Select user"],
    ["milestone/csv", "start_date=2026-03-01", "project_id", "Please choose project"],
    ["milestone/pdf", "project_id=1", "milestone", "Please choose milestone"],
  ])("refuses %s?%s with a 400 naming the field", async (path, query, field, message) => {
    const response = await download(set.cast.siteManager, path, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toEqual({ [field]: [message] });
  });

  it("refuses another user's export, even to a site manager, and reports to anyone without the manager capability", async () => {
    const url = `/api/pm-pro/v2/users/${set.cast.coWorker.userId}/advance-report/overdue-tasks/csv/?start_date=2026-03-01`;
    const other = await set.cast.siteManager.inject({ method: "GET", url });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("You can only export your own reports.");
    const ignored = await set.cast.coWorker.inject({ method: "GET", url: `${url}&current_user_id=${set.cast.siteManager.userId}` });
    expect(ignored.statusCode).toBe(403);
    expect(ignored.json().message).toBe("Only site managers can see reports.");
    const anonymous = await t.app.inject({ method: "GET", url });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/pm-pro/v2/users/{user}/advance-report/{kind}/pdf/", () => {
  it("builds a PDF whose text holds the report's rows", async () => {
    const response = await download(set.cast.siteManager, "overdue-tasks-PDF", "start_date=2026-03-01&end_date=2026-03-31");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="overdue-tasks-report-\d{4}-\d{2}-\d{2}\.pdf"/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Overdue Tasks");
    expect(text).toContain("Date between 03/01/2026 to 03/31/2026");
    for (const title of ["Overdue one", "Overdue two", "=SUM(1+1)", "Milestone task", "Secret"]) expect(text).toContain(title);
    expect(text).not.toContain("Done early");
    expect(text).toContain("page 1 of 1");
  });

  it("serves the same PDF at .../overdue-tasks/pdf and says No Data Found when nothing matches", async () => {
    const response = await download(set.cast.siteManager, "overdue-tasks/pdf", "start_date=2020-01-01&end_date=2020-01-31");
    expect(response.statusCode, response.body).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain("No Data Found");
  });

  it(`stops at ${REPORT_PDF_MAX_ROWS.toLocaleString("en-US")} rows and says so`, { timeout: 120_000 }, async () => {
    const listId = (await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", set.beta).where("title", "=", "Beta list").executeTakeFirstOrThrow()).id;
    const at = "2026-06-01 10:00:00";
    const rows = Array.from({ length: REPORT_PDF_MAX_ROWS + 1 }, (_, index) => ({
      project_id: set.beta, task_list_id: listId, parent_id: 0, title: `Bulk ${index}`, description: "", estimation: 0, start_at: null, due_date: "2026-06-10",
      priority: 0, complexity: 0, payable: 0, recurrent: 0, status: 0, privacy: 0, sort_order: index, type_id: null, created_by: set.cast.manager.userId,
      completed_by: null, completed_at: null, created_at: at, updated_at: at,
    }));
    for (let start = 0; start < rows.length; start += 500) await t.database.db.insertInto("tasks").values(rows.slice(start, start + 500)).execute();
    const csv = await download(set.cast.siteManager, "unassigned/csv", "start_date=2026-06-01&end_date=2026-06-30");
    expect(csvRecords(csv.body)).toHaveLength(REPORT_PDF_MAX_ROWS + 1);
    const response = await download(set.cast.siteManager, "unassigned/pdf", "start_date=2026-06-01&end_date=2026-06-30");
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Showing the first 5,000 rows; the CSV export has every row.");
    expect(text).toContain("Bulk 4999");
    expect(text).not.toContain("Bulk 5000");
  });
});
