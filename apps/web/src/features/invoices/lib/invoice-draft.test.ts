import { describe, expect, it } from "vitest";
import { bodyOf, draftMoney, draftProblems, emptyNameLine, emptyTaskLine, newDraft, withoutTrackedTime, withTimeBilling, withTrackedTime, type InvoiceDraft } from "./invoice-draft.js";

/** A draft with one task line (80/h × 1.5 h, 10% tax) and one item line (19.99 × 3, no tax). */
function sample(): InvoiceDraft {
  const draft = newDraft("USD", "2026-11-24");
  return {
    ...draft,
    title: "March work",
    client_id: "7",
    entryTasks: [{ ...emptyTaskLine(), task: "Design", amount: "80", hour: "1.5", tax: "10" }],
    entryNames: [{ ...emptyNameLine(), name: "Hosting", amount: "19.99", quantity: "3" }],
  };
}

describe("draftMoney: the editor's live totals", () => {
  it("computes each line, the tax per line, the discount on the subtotal and the total", () => {
    const money = draftMoney({ ...sample(), discount: "5" }, 2);
    expect(money.taskLines).toEqual([{ totalMinor: 12000, taxMinor: 1200 }]);
    expect(money.nameLines).toEqual([{ totalMinor: 5997, taxMinor: 0 }]);
    // Subtotal 179.97; tax 12.00; discount 5% of 179.97 = 8.9985, rounded half away from zero to 9.00.
    expect(money.totals).toEqual({ subtotal: 17997, tax: 1200, discount: 900, total: 18297, paid: 0, due: 18297 });
  });

  it("counts a field that does not read yet as 0, so the totals follow the typing", () => {
    const draft = sample();
    draft.entryNames[0] = { ...draft.entryNames[0]!, amount: "19.9." };
    expect(draftMoney(draft, 2).totals.subtotal).toBe(12000);
  });

  it("subtracts payments from the due, never below zero", () => {
    expect(draftMoney(sample(), 2, [5000]).totals.due).toBe(13200 + 5997 - 5000);
    expect(draftMoney(sample(), 2, [999_999]).totals.due).toBe(0);
  });

  it("rounds in the currency's digits: yen have none", () => {
    const draft = { ...sample(), currency: "JPY", entryTasks: [{ ...emptyTaskLine(), task: "Design", amount: "1000", hour: "0.333" }], entryNames: [] };
    expect(draftMoney(draft, 0).totals.total).toBe(333);
  });
});

describe("draftProblems", () => {
  it("is empty for a good draft", () => {
    expect(draftProblems(sample(), 2)).toEqual({});
  });

  it("names each field the server would refuse, by the server's path", () => {
    const draft = { ...sample(), title: " ", client_id: null, discount: "120" };
    draft.entryNames = [{ ...emptyNameLine(), name: "", amount: "1.234" }];
    expect(draftProblems(draft, 2)).toEqual({
      title: "required",
      client_id: "required",
      "entryNames.0.name": "required",
      "entryNames.0.amount": "too_many_decimals",
      discount: "too_large",
    });
  });

  it("asks for a line, and a minimum partial within the total", () => {
    const draft = { ...sample(), entryTasks: [], entryNames: [] };
    expect(draftProblems(draft, 2).lines).toBe("no_lines");
    expect(draftProblems({ ...sample(), partial: true, minimum_partial: "500" }, 2).minimum_partial).toBe("minimum_above_total");
    expect(draftProblems({ ...sample(), partial: true, minimum_partial: "50" }, 2)).toEqual({});
  });
});

describe("bill tracked time", () => {
  const time = [
    { task_id: 3, task: "Design", seconds: 5400, hour: 1.5, logs: 2 },
    { task_id: 4, task: "Build", seconds: 7200, hour: 2, logs: 1 },
  ];

  it("adds a line per task at the rate, keeps the other lines, and sends the rate instead of the time lines", () => {
    const draft = withTrackedTime(sample(), time, "100", "");
    expect(draft.entryTasks.map((line) => [line.task, line.hour, line.amount, line.fromTime === true])).toEqual([
      ["Design", "1.5", "100", true],
      ["Build", "2", "100", true],
      ["Design", "1.5", "80", false],
    ]);
    expect(draftMoney(draft, 2).totals.subtotal).toBe(15000 + 20000 + 12000 + 5997);
    const body = bodyOf(draft, 2);
    expect(body).toMatchObject({ rate: "100.00", tax: "0.000" });
    expect(body.entryTasks?.map((line) => line.task)).toEqual(["Design"]);
  });

  it("changes the rate of every time line, and takes them away", () => {
    const billed = withTimeBilling(withTrackedTime(sample(), time, "100", ""), { rate: "120", tax: "5" });
    expect(billed.entryTasks.filter((line) => line.fromTime).map((line) => [line.amount, line.tax])).toEqual([
      ["120", "5"],
      ["120", "5"],
    ]);
    const none = withoutTrackedTime(billed);
    expect(none.billTime).toBeNull();
    expect(none.entryTasks).toHaveLength(1);
    expect("rate" in bodyOf(none, 2)).toBe(false);
  });

  it("reports a missing rate on the billing's field", () => {
    expect(draftProblems(withTrackedTime(sample(), time, "", ""), 2)).toEqual({ "billTime.rate": "required" });
  });
});

describe("bodyOf", () => {
  it("sends exact decimal text, a decimal comma read as a point", () => {
    const draft = sample();
    draft.entryNames[0] = { ...draft.entryNames[0]!, amount: "19,99", tax: "7,5" };
    const body = bodyOf({ ...draft, discount: "" }, 2);
    expect(body.entryNames).toEqual([{ name: "Hosting", amount: "19.99", quantity: "3.000", tax: "7.500" }]);
    expect(body).toMatchObject({ title: "March work", client_id: 7, discount: "0.000", partial: false, minimum_partial: "0", currency: "USD", due_date: null });
  });
});
