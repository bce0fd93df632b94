import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./styles.css";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setUpI18n } from "./i18n/index.js";
import { createQueryClient } from "./lib/query-client.js";
import { createRouter } from "./routes/index.js";
import { AppMantineProvider } from "./theme.js";

setUpI18n();
const queryClient = createQueryClient();
const router = createRouter(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppMantineProvider>
      {/* Three at most, so a burst of toasts never walls off the page; lib/notify.ts places each away from the field being typed in. */}
      <Notifications position="bottom-right" limit={3} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppMantineProvider>
  </StrictMode>,
);
