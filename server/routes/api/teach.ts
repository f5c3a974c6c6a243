import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classErrorSchema,
  classInfoSchema,
  classListSchema,
  classPageSchema,
  classParamsSchema,
  createClassSchema,
  studentParamsSchema,
  updateClassSchema,
} from '../../../core/api/classes.ts';
import { studentsCsv } from '../../../core/classes/csv.ts';
import { liveBus } from '../../live/bus.ts';
import { ClassActivity, setClassActivity } from '../../services/classes/activity.ts';
import { classPage } from '../../services/classes/class-page.ts';
import { startInactivitySweep } from '../../services/classes/sweep.ts';
import {
  classFor,
  createClass,
  removeClass,
  removeStudent,
  resetStudent,
  setClassOpen,
  teacherClasses,
  teacherOf,
} from '../../services/classes/teach.ts';

const err = classErrorSchema;
/** Statuses every class route may answer besides its own (docs/class-mode.md 'API'). */
const signedIn = { 401: err, 404: err };
const done = z.object({ ok: z.literal(true) });
const security = [{ session: [] }];
const tags = ['teach'];

/**
 * /api/teach/...: a teacher's classes (any signed-in account; admins see every class). A class
 * another account owns answers 404, like one that does not exist.
 */
export async function teachRoutes(app: FastifyInstance): Promise<void> {
  const activity = new ClassActivity(app.db, await liveBus(app), app.log);
  setClassActivity(app.db, activity);
  const stopSweep = startInactivitySweep(app);
  app.addHook('onClose', async () => {
    stopSweep();
    activity.close();
    setClassActivity(app.db, null);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/teach/classes',
    {
      schema: {
        summary: "The teacher's classes (an admin's: every class), newest first",
        tags,
        security,
        response: { 200: classListSchema, 401: err },
      },
    },
    async (request) => teacherClasses(app.db, teacherOf(request.user)),
  );

  r.post(
    '/teach/classes',
    {
      schema: {
        summary: 'Create a class: a name; the server draws its 6-character join code',
        tags,
        security,
        body: createClassSchema,
        response: { 201: classInfoSchema, 400: err, 401: err, 409: err },
      },
    },
    async (request, reply) => {
      const info = await createClass(app.db, teacherOf(request.user), request.body.name);
      return reply.status(201).send(info);
    },
  );

  r.get(
    '/teach/classes/:classId',
    {
      schema: {
        summary: "The class page: each student's game and the class picture",
        tags,
        security,
        params: classParamsSchema,
        response: { 200: classPageSchema, 400: err, ...signedIn },
      },
    },
    async (request) => {
      const user = teacherOf(request.user);
      return classPage(app.db, await classFor(app.db, user, request.params.classId), user.id);
    },
  );

  r.get(
    '/teach/classes/:classId/export.csv',
    {
      schema: {
        summary: "The class page's rows as CSV (one line per student)",
        tags,
        security,
        params: classParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: err, ...signedIn },
      },
    },
    async (request, reply) => {
      const user = teacherOf(request.user);
      const page = await classPage(
        app.db,
        await classFor(app.db, user, request.params.classId),
        user.id,
      );
      const file = `${page.class.name.replace(/[^\w-]+/g, '-').slice(0, 40) || 'class'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(studentsCsv(page.students));
    },
  );

  r.patch(
    '/teach/classes/:classId',
    {
      schema: {
        summary: 'Open or close the class to new students: { open }',
        tags,
        security,
        params: classParamsSchema,
        body: updateClassSchema,
        response: { 200: done, 400: err, ...signedIn },
      },
    },
    async (request) => {
      const row = await classFor(app.db, teacherOf(request.user), request.params.classId);
      await setClassOpen(app.db, row, request.body.open);
      return { ok: true as const };
    },
  );

  r.delete(
    '/teach/classes/:classId',
    {
      schema: {
        summary: "Delete the class and its students' names (their games stay theirs)",
        tags,
        security,
        params: classParamsSchema,
        response: { 200: done, 400: err, ...signedIn },
      },
    },
    async (request) => {
      const row = await classFor(app.db, teacherOf(request.user), request.params.classId);
      await removeClass(app.db, row);
      return { ok: true as const };
    },
  );

  r.post(
    '/teach/classes/:classId/students/:studentId/reset',
    {
      schema: {
        summary: "Start a student's game again on the start scene",
        tags,
        security,
        params: studentParamsSchema,
        response: { 200: done, 400: err, ...signedIn },
      },
    },
    async (request) => {
      const row = await classFor(app.db, teacherOf(request.user), request.params.classId);
      await resetStudent(app.db, row, request.params.studentId);
      return { ok: true as const };
    },
  );

  r.delete(
    '/teach/classes/:classId/students/:studentId',
    {
      schema: {
        summary: 'Take a student out of the class (their name goes; their game stays theirs)',
        tags,
        security,
        params: studentParamsSchema,
        response: { 200: done, 400: err, ...signedIn },
      },
    },
    async (request) => {
      const row = await classFor(app.db, teacherOf(request.user), request.params.classId);
      await removeStudent(app.db, row, request.params.studentId);
      return { ok: true as const };
    },
  );
}
