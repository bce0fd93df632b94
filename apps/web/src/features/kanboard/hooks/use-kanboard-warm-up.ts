import { ROUTES } from "@plotline/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useMatch } from "react-router";
import { kanboardColumnsOptions } from "./kanboard-queries.js";
import { useKanboardOn } from "./use-kanboard-on.js";

/**
 * While the address is the board's (or a card's over it), asks for the board's columns and their first
 * cards and for its code (`loadPage`) at once, beside the project's own calls, instead of after the
 * project has arrived and the page is drawn: a tab opened on the board shows its cards a few round trips
 * sooner (issue 16: under a second). Mounted once in the signed-in frame.
 */
export function useKanboardWarmUp(loadPage: () => unknown): void {
  const queryClient = useQueryClient();
  const match = useMatch(`${ROUTES.kanboard}/*`);
  const isOn = useKanboardOn();
  const projectId = Number(match?.params.project_id);
  const isBoard = isOn && Number.isInteger(projectId) && projectId > 0;
  useQuery({ ...kanboardColumnsOptions(queryClient, projectId), enabled: isBoard });
  useEffect(() => {
    if (isBoard) void loadPage();
  }, [isBoard, loadPage]);
}
