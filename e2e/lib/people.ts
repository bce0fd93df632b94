/** Someone who can sign in to Plotline. */
export interface Person {
  name: string;
  email: string;
  password: string;
}

// The journeys' cast. Each journey starts on an empty data folder, so every one may use them again.

/** The first user: sets Plotline up and manages the site. */
export const manager: Person = { name: "Ana Lima", email: "ana@example.test", password: "a long enough password" };
/** A member who works on projects as a co-worker. */
export const coWorker: Person = { name: "Bruno Costa", email: "bruno@example.test", password: "bruno's long password" };
/** A member who follows projects as a client. */
export const client: Person = { name: "Carla Dias", email: "carla@example.test", password: "carla's long password" };
