import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { openSceneKit, type SceneKit } from '../../../../test/server/scene-kit.ts';
import { nextAddress } from '../../../../test/server/sessions.ts';

const application = {
  name: 'Ada Crawl',
  company: 'Index & Co',
  specialty: 'Technical SEO',
  bio: 'Fixes sitemaps.',
  contactEmail: 'ada@example.com',
  websiteUrl: 'https://ada.example',
};

describe.each(testEngines)('consultants: public form, admin review ($name)', (engine) => {
  let t: SceneKit;
  beforeAll(async () => {
    t = await openSceneKit(engine);
  });
  afterAll(() => t.close());

  const apply = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/consultants',
      remoteAddress: nextAddress(),
      payload: body,
    });
  const publicList = async () =>
    (await t.call('GET', '/api/consultants', undefined, null)).json().consultants as {
      id: string;
      name: string;
      featured: boolean;
    }[];
  const adminList = async () => (await t.call('GET', '/api/admin/consultants')).json().consultants;
  const act = (id: string, action: string) =>
    t.call('POST', `/api/admin/consultants/${id}/status`, { action });

  it('refuses the admin routes to anonymous (401) and players (403)', async () => {
    expect((await t.call('GET', '/api/admin/consultants', undefined, null)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/consultants', undefined, t.player)).statusCode).toBe(
      403,
    );
    const res = await t.call('POST', '/api/admin/consultants', application, t.player);
    expect(res.statusCode).toBe(403);
  });

  it('validates the public form: Name and Contact Email required, e-mail and URL formats', async () => {
    const cases: [object, string][] = [
      [{ ...application, name: ' ' }, 'Name is required'],
      [{ ...application, contactEmail: '' }, 'Contact Email is required'],
      [{ name: 'No mail' }, 'Contact Email is required'],
      [{ ...application, contactEmail: 'not-an-email' }, 'Please enter a valid email address'],
      [{ ...application, websiteUrl: 'ada.example' }, 'Please enter a valid URL'],
      [
        { ...application, imageUrl: 'https://tracker.example/pixel.png' },
        'Please upload the photo again',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await apply(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('stores an application as pending, unseen in the directory until approved', async () => {
    const res = await apply(application);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    const stored = (await adminList()).find((c: { name: string }) => c.name === 'Ada Crawl');
    expect(stored).toMatchObject({
      status: 'pending',
      contactEmail: 'ada@example.com',
      imageUrl: null,
    });
    expect((await publicList()).some((c) => c.name === 'Ada Crawl')).toBe(false);
  });

  it('pretends success for a filled honeypot and stores nothing', async () => {
    const before = (await adminList()).length;
    const res = await apply({ ...application, name: 'Spam Bot', phone: '555-0100' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    expect((await adminList()).length).toBe(before);
  });

  it('walks pending → approved → featured → approved, refusing the other moves (409)', async () => {
    await apply({ ...application, name: 'Bea Backlink', contactEmail: 'bea@example.com' });
    const bea = (await adminList()).find((c: { name: string }) => c.name === 'Bea Backlink');
    expect((await act(bea.id, 'feature')).statusCode).toBe(409);
    expect((await act(bea.id, 'unfeature')).statusCode).toBe(409);

    const approved = await act(bea.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await act(bea.id, 'approve')).json().message).toBe(
      'Cannot approve a consultant that is approved',
    );
    expect((await publicList()).find((c) => c.id === bea.id)?.featured).toBe(false);

    expect((await act(bea.id, 'feature')).json().status).toBe('featured');
    expect((await publicList())[0]).toMatchObject({ id: bea.id, featured: true });
    expect((await act(bea.id, 'unfeature')).json().status).toBe('approved');
    expect((await act('missing-id', 'approve')).statusCode).toBe(404);
  });

  it('rejects a pending application: it stays out of the directory and can be approved later', async () => {
    await apply({ ...application, name: 'Ray Spam', contactEmail: 'ray@example.com' });
    const ray = (await adminList()).find((c: { name: string }) => c.name === 'Ray Spam');
    const rejected = await act(ray.id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', bio: application.bio });
    expect((await publicList()).some((c) => c.id === ray.id)).toBe(false);
    expect((await act(ray.id, 'reject')).statusCode).toBe(409);
    expect((await act(ray.id, 'approve')).json().status).toBe('approved');
    expect((await publicList()).some((c) => c.id === ray.id)).toBe(true);
  });

  it('never shows an e-mail in the public directory', async () => {
    const res = await t.call('GET', '/api/consultants', undefined, null);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toMatch(/contact_?email/i);
  });

  it('admin add: approved, or featured when ticked, listed featured first', async () => {
    const plain = await t.call('POST', '/api/admin/consultants', {
      ...application,
      name: 'Cy Canonical',
      contactEmail: 'cy@example.com',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().status).toBe('approved');
    const star = await t.call('POST', '/api/admin/consultants', {
      ...application,
      name: 'Di Schema',
      contactEmail: 'di@example.com',
      featured: true,
    });
    expect(star.json().status).toBe('featured');
    const list = await publicList();
    const firstPlain = list.findIndex((c) => !c.featured);
    expect(list.slice(0, firstPlain).every((c) => c.featured)).toBe(true);
    expect(list.slice(firstPlain).every((c) => !c.featured)).toBe(true);
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Cy Canonical', 'Di Schema']));

    const bad = await t.call('POST', '/api/admin/consultants', {
      ...application,
      contactEmail: 'x',
    });
    expect(bad.json().message).toContain('Please enter a valid email address');
  });

  it('deletes', async () => {
    const { id } = (
      await t.call('POST', '/api/admin/consultants', { ...application, name: 'Gone Soon' })
    ).json();
    expect((await t.call('DELETE', `/api/admin/consultants/${id}`)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/admin/consultants/${id}`)).statusCode).toBe(404);
  });

  it('rate-limits applications from one address (5 per 10 minutes)', async () => {
    const remoteAddress = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/consultants',
        remoteAddress,
        payload: { ...application, name: `Flood ${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
