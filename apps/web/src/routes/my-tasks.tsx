import { MyTasksView } from "../features/tasks/components/MyTasksView.js";

/** `my_tasks`: the signed-in user's tasks across every project. */
export function MyTasksPage() {
  return <MyTasksView />;
}
