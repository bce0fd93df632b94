import { NONCE_HEADER, SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance } from "fastify";

// The demo data, made through the real API (so activities, sanitising and rules apply): a site manager, two
// co-workers, a client and three projects. Used by `npm run seed:demo` and by tests that need believable data.

/** Password of every demo user. */
export const PASSWORD = "plotline-demo";
/** The demo's people: a site manager (Ana), two co-workers and a client. */
export const PEOPLE = {
  ana: { display_name: "Ana Lima", email: "ana@plotline.test" },
  ben: { display_name: "Ben Okafor", email: "ben@plotline.test" },
  chloe: { display_name: "Chloé Martin", email: "chloe@plotline.test" },
  dana: { display_name: "Dana Reyes", email: "dana@client.test" },
};

type Caller = (method: "GET" | "POST", url: string, payload?: unknown) => Promise<{ data: { id: number } & Record<string, unknown> }>;

function day(offset: number): string {
  return new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

async function signIn(app: FastifyInstance, email: string): Promise<Caller> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed for ${email}: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? "";
  const nonce = (response.json() as { data: { nonce: string } }).data.nonce;
  return async (method, url, payload) => {
    const answer = await app.inject({ method, url: `/api/${url}`, payload: payload as never, cookies: { [SESSION_COOKIE]: cookie }, headers: { [NONCE_HEADER]: nonce } });
    if (answer.statusCode !== 200) throw new Error(`${method} ${url} failed: ${answer.statusCode} ${answer.body}`);
    return answer.json();
  };
}

/** Ids of what the demo made, for tests. */
export interface DemoIds {
  users: Record<keyof typeof PEOPLE, number>;
  projects: { web: number; mobile: number; report: number };
}

/** Fills an app whose database has no users yet with the demo data. */
export async function seedDemo(app: FastifyInstance): Promise<DemoIds> {
  const state = await app.inject({ method: "GET", url: "/api/auth/state" });
  if (!(state.json() as { data: { needs_setup: boolean } }).data.needs_setup) {
    throw new Error("This database already has users. Run the demo on an empty one, e.g. PLOTLINE_DATA=./demo-data npm run seed:demo");
  }
  const setup = await app.inject({ method: "POST", url: "/api/auth/setup", payload: { ...PEOPLE.ana, password: PASSWORD } });
  if (setup.statusCode !== 200) throw new Error(`Set-up failed: ${setup.body}`);
  const ana = await signIn(app, PEOPLE.ana.email);
  const me = (await ana("GET", "auth/me")).data as unknown as { user: { id: number } };
  const ids: Record<keyof typeof PEOPLE, number> = { ana: me.user.id, ben: 0, chloe: 0, dana: 0 };
  for (const key of ["ben", "chloe", "dana"] as const) {
    ids[key] = (await ana("POST", "pm/v2/users", { ...PEOPLE[key], password: PASSWORD })).data.id;
  }
  const team = [
    { user_id: ids.ben, role_id: 2 },
    { user_id: ids.chloe, role_id: 2 },
    { user_id: ids.dana, role_id: 3 },
  ];

  // Project 1: a website relaunch in full swing.
  const web = (await ana("POST", "pm/v2/projects", { title: "Website relaunch", description: "<p>New site for the spring campaign: design, content and launch.</p>", color: "#1c7ed6", assignees: team })).data.id;
  const launch = (await ana("POST", `pm/v2/projects/${web}/milestones`, { title: "Public launch", achieve_date: day(21), description: "<p>Site live on the new domain.</p>" })).data.id;
  await ana("POST", `pm/v2/projects/${web}/milestones`, { title: "Design sign-off", achieve_date: day(-3) });
  const design = (await ana("POST", `pm/v2/projects/${web}/task-lists`, { title: "Design", description: "<p>Look and feel</p>", milestone: launch })).data.id;
  const content = (await ana("POST", `pm/v2/projects/${web}/task-lists`, { title: "Content", milestone: launch })).data.id;
  const budget = (await ana("POST", `pm/v2/projects/${web}/task-lists`, { title: "Budget", privacy: 1 })).data.id;
  const homepage = (await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Homepage mock-up", board_id: design, assignees: [ids.ben], start_at: day(-10), due_date: day(-2), estimation: 480, description: "<p>Hero, three feature blocks, footer.</p>" })).data.id;
  await ana("POST", `pm/v2/projects/${web}/tasks/${homepage}/change-status`, { status: 1 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Pick the colour palette", board_id: design, assignees: [ids.chloe], due_date: day(-4), estimation: 120 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Icon set", board_id: design, assignees: [ids.ben, ids.chloe], due_date: day(5), estimation: 240 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Write the About page", board_id: content, assignees: [ids.chloe], due_date: day(7), estimation: 180 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Collect client testimonials", board_id: content, assignees: [ids.dana], due_date: day(10) });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Agency fee negotiation", board_id: budget, assignees: [ids.ana], due_date: day(2), privacy: 1 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Internal margin review", board_id: content, assignees: [ids.ben], due_date: day(3), privacy: 1 });
  await ana("POST", `pm/v2/projects/${web}/tasks`, { title: "Check the contact form on mobile", assignees: [ids.ben], due_date: day(1) });
  const kickoff = (await ana("POST", `pm/v2/projects/${web}/discussion-boards`, { title: "Kick-off notes", description: "<p>Goals, audience and the launch date we agreed on.</p>", milestone: launch })).data.id;
  const ben = await signIn(app, PEOPLE.ben.email);
  const dana = await signIn(app, PEOPLE.dana.email);
  await ben("POST", `pm/v2/projects/${web}/comments`, { content: `<p>Mock-up is up for review, <span data-type="mention" data-id="${ids.ana}">@Ana Lima</span>.</p>`, commentable_type: "task", commentable_id: homepage });
  await dana("POST", `pm/v2/projects/${web}/comments`, { content: "<p>Looks great! Can the hero image be warmer?</p>", commentable_type: "task", commentable_id: homepage });
  await dana("POST", `pm/v2/projects/${web}/comments`, { content: "<p>Thanks for the notes, all clear on our side.</p>", commentable_type: "discussion_board", commentable_id: kickoff });

  // Project 2: a mobile app with a backlog.
  const mobile = (await ana("POST", "pm/v2/projects", { title: "Mobile app v2", description: "<p>Offline mode and a faster start-up.</p>", color: "#2f9e44", assignees: team.slice(0, 2) })).data.id;
  const backlog = (await ana("POST", `pm/v2/projects/${mobile}/task-lists`, { title: "Backlog" })).data.id;
  const sprint = (await ana("POST", `pm/v2/projects/${mobile}/task-lists`, { title: "This sprint" })).data.id;
  for (const [title, list, due, who] of [
    ["Offline cache for projects", sprint, 3, ids.ben],
    ["Crash on start with no network", sprint, -1, ids.chloe],
    ["Dark mode", backlog, 30, ids.chloe],
    ["Push notification settings", backlog, 45, ids.ben],
  ] as const) {
    await ana("POST", `pm/v2/projects/${mobile}/tasks`, { title, board_id: list, due_date: day(due), assignees: [who] });
  }
  await ana("POST", `pm/v2/projects/${mobile}/milestones`, { title: "Beta to testers", achieve_date: day(14) });
  await ana("POST", `pm/v2/projects/${mobile}/discussion-boards`, { title: "Which analytics tool?", description: "<p>Options and costs.</p>" });

  // Project 3: finished work.
  const report = (await ana("POST", "pm/v2/projects", { title: "Quarterly report", status: "complete", description: "<p>Q3 numbers for the board.</p>", assignees: [{ user_id: ids.chloe, role_id: 2 }] })).data.id;
  const numbers = (await ana("POST", `pm/v2/projects/${report}/task-lists`, { title: "Numbers" })).data.id;
  for (const title of ["Export sales figures", "Draft the summary", "Board review"]) {
    const task = (await ana("POST", `pm/v2/projects/${report}/tasks`, { title, board_id: numbers, assignees: [ids.chloe], due_date: day(-20) })).data.id;
    await ana("POST", `pm/v2/projects/${report}/tasks/${task}/change-status`, { status: 1 });
  }
  await ana("POST", `pm/v2/projects/${web}/favourite`, { favourite: 1 });
  return { users: ids, projects: { web, mobile, report } };
}
