import { createDepartmentBody, departmentListEnvelope, departmentSchema, itemEnvelope, messageSchema, updateDepartmentBody, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["departments"];
const params = z.object({ id: zId });
const base = "/erp/v1/hrm/departments";

/** Departments of the workforce-management integration under `/api/erp/v1/hrm/departments`. */
export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { departments } = app.services;

  app.get(
    base,
    { schema: { tags, summary: "Every department by title, with its people's ids and count; every signed-in user", response: { 200: departmentListEnvelope } } },
    async (request) => ({ data: await departments.listDepartments(requireActor(request)) }),
  );

  app.post(
    base,
    { schema: { tags, summary: "Add a department with its people (site managers)", body: createDepartmentBody, response: { 200: itemEnvelope(departmentSchema) } } },
    async (request) => item(await departments.createDepartment(requireActor(request), request.body), "Department created successfully"),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: "One department with its people", params, response: { 200: itemEnvelope(departmentSchema) } } },
    async (request) => item(await departments.getDepartment(requireActor(request), request.params.id)),
  );

  app.post(
    `${base}/:id/update`,
    { schema: { tags, summary: "Rename a department and/or replace its people (`user_ids`) (site managers)", params, body: updateDepartmentBody, response: { 200: itemEnvelope(departmentSchema) } } },
    async (request) => item(await departments.updateDepartment(requireActor(request), request.params.id, request.body), "Department updated successfully"),
  );

  app.post(
    `${base}/:id/delete`,
    { schema: { tags, summary: "Delete a department (site managers); projects that chose it keep their members", params, response: { 200: messageSchema } } },
    async (request) => {
      await departments.deleteDepartment(requireActor(request), request.params.id);
      return { message: "Department deleted successfully" };
    },
  );
};
