import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ClassActionResult,
  classActionSchema,
  classErrorSchema,
  classInfoSchema,
  classListSchema,
  classPageSchema,
  classParamsSchema,
  createClassSchema,
  exportQuerySchema,
  studentParamsSchema,
  UNDO_MINUTES,
  undoParamsSchema,
  updateClassSchema,
} from '../../../core/api/classes.ts';
import { decisionCsv, studentsCsv } from '../../../core/classes/csv.ts';
import { HttpError } from '../../errors.ts';
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
  undoAction,
} from '../../services/classes/teach.ts';

const err = classErrorSchema;
/** Statuses every class route may answer besides its own (docs/class-mode.md 'API'). */
const signedIn = { 401: err, 404: err };
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
        summary:
          "The class page's rows as CSV (one line per student), or with ?decision=<scene id> that decision (one line per student who made it)",
        description:
          'UTF-8 with a byte-order mark, so spreadsheets read every letter; ?tz=<IANA time zone> writes times in it (default UTC). 404 also for a decision the class did not make.',
        tags,
        security,
        params: classParamsSchema,
        querystring: exportQuerySchema,
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
      const { decision: sceneId, tz } = request.query;
      const zone = timeZoneOf(tz);
      const decision = sceneId ? page.decisions.find((d) => d.sceneId === sceneId) : undefined;
      if (sceneId && !decision) {
        throw new HttpError(404, 'The class has made no such decision', 'no-decision');
      }
      const slug = (text: string) => text.replace(/[^\w-]+/g, '-').slice(0, 40);
      const file = `${slug(page.class.name) || 'class'}${decision ? `-${slug(decision.sceneTitle)}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(
          decision
            ? decisionCsv(decision, page.students)
            : studentsCsv(page.students, page.decisions, zone),
        );
    },
  );

  /** A teacher's action on one class (or one of its students): 200 `{ ok }` once done. */
  const actions: {
    method: 'PATCH' | 'DELETE' | 'POST';
    url: string;
    summary: string;
    params: typeof classParamsSchema | typeof studentParamsSchema;
    body?: typeof updateClassSchema;
    run: (
      row: Awaited<ReturnType<typeof classFor>>,
      request: FastifyRequest,
    ) => Promise<ClassActionResult | undefined>;
  }[] = [
    {
      method: 'PATCH',
      url: '/teach/classes/:classId',
      summary: 'Open or close the class to new students: { open }',
      params: classParamsSchema,
      body: updateClassSchema,
      run: (row, request) =>
        setClassOpen(app.db, row, (request.body as { open: boolean }).open).then(() => undefined),
    },
    {
      method: 'DELETE',
      url: '/teach/classes/:classId',
      summary: "Delete the class and its students' names (their games stay theirs)",
      params: classParamsSchema,
      run: (row) => removeClass(app.db, row).then(() => undefined),
    },
    {
      method: 'POST',
      url: '/teach/classes/:classId/students/:studentId/reset',
      summary: `Start a student's game again on the start scene (undo for ${UNDO_MINUTES} minutes)`,
      params: studentParamsSchema,
      run: (row, request) => resetStudent(app.db, row, studentIdOf(request)),
    },
    {
      method: 'DELETE',
      url: '/teach/classes/:classId/students/:studentId',
      summary: `Take a student out of the class (their name goes; their game stays theirs; undo for ${UNDO_MINUTES} minutes)`,
      params: studentParamsSchema,
      run: (row, request) => removeStudent(app.db, row, studentIdOf(request)),
    },
    {
      method: 'POST',
      url: '/teach/classes/:classId/undo/:undoId',
      summary:
        'Undo a Reset or Remove: 404 once it expired or was undone, 409 when it no longer fits (the student played since, joined another class, their name was taken, the class is full)',
      params: undoParamsSchema,
      run: (row, request) => undoAction(app.db, row, (request.params as { undoId: string }).undoId),
    },
  ];
  for (const action of actions) {
    r.route({
      method: action.method,
      url: action.url,
      schema: {
        summary: action.summary,
        tags,
        security,
        params: action.params,
        ...(action.body ? { body: action.body } : {}),
        response: {
          200: classActionSchema,
          400: err,
          ...signedIn,
          ...(action.url.includes('/undo/') ? { 409: err } : {}),
        },
      },
      handler: async (request): Promise<ClassActionResult> => {
        const { classId } = request.params as { classId: string };
        const result = await action.run(
          await classFor(app.db, teacherOf(request.user), classId),
          request,
        );
        return result ?? { ok: true };
      },
    });
  }
}

const studentIdOf = (request: FastifyRequest) =>
  (request.params as { studentId: string }).studentId;

/** A time zone the server knows (else UTC): the CSV's times are written in it. */
function timeZoneOf(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}
