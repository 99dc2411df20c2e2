/** The /api contract of people and dashboards over HTTP against the built server. */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, jobInteractions, searchEvents, users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createUser } from "../factories";

const newUser = (o: Record<string, unknown> = {}) => ({
  userType: "student",
  firstName: "Nina",
  lastName: "Navarro",
  email: `nina.${Math.random().toString(36).slice(2, 8)}@Example.edu`,
  password: "secret-pass-mango",
  studentId: `2024-${Math.random().toString(36).slice(2, 8)}`,
  course: "BS in Aeronautical Engineering",
  yearLevel: "4th Year",
  phone: "0917",
  // The spec's client also sends these; they are implied, not taken from the request.
  status: "active",
  isEmailVerified: true,
  isActive: true,
  ...o,
});

describe("people /api", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function admin() {
      const { user, password } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Admin",
      });
      return { user, token: await app.token(user.email, password) };
    }

    it("keeps admin routes for admins: 401 signed out, 403 for students and alumni", async () => {
      const { user, password } = await createUser(t.db, { role: "student" });
      const token = await app.token(user.email, password);
      for (const [method, path] of [
        ["GET", "/api/admin/users"],
        ["POST", "/api/admin/users"],
        ["GET", `/api/admin/users/${user.id}`],
        ["PUT", `/api/admin/users/${user.id}`],
        ["DELETE", `/api/admin/users/${user.id}`],
        ["GET", "/api/admin/stats"],
      ]) {
        const body = method === "POST" || method === "PUT" ? { isActive: false } : undefined;
        expect((await app.api(path, { method, body })).status, `${method} ${path} signed out`).toBe(
          401,
        );
        const r = await app.api(path, { method, body, token });
        expect(r.status, `${method} ${path} as student`).toBe(403);
        expect(r.body.message).toBeTruthy();
      }
      expect((await app.api("/api/student/stats")).status).toBe(401);
      expect((await app.api("/api/profile/me")).status).toBe(401);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.isActive).toBe(true);
    });

    it("lists users: the full array without paging, a page with it, filters in both", async () => {
      const { token } = await admin();
      await createUser(t.db, {
        role: "alumni",
        firstName: "Juan",
        lastName: "dela Cruz",
        courseCode: "BSAMT",
      });
      for (let i = 0; i < 11; i++)
        await createUser(t.db, { role: "student", firstName: "Filler", lastName: `N${i}` });

      const all = await app.api("/api/admin/users", { token });
      expect(all.status).toBe(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body).toHaveLength(13);
      const juan = all.body.find((u: { firstName: string }) => u.firstName === "Juan");
      expect(juan).toMatchObject({
        _id: expect.any(String),
        role: "alumni",
        userType: "alumni",
        isActive: true,
        status: "active",
        yearLevel: "Graduate",
      });
      expect(juan.course).toBe("BS in Aircraft Maintenance Technology"); // printable
      expect(juan.courseCode).toEqual(expect.any(String));
      expect(JSON.stringify(all.body)).not.toMatch(/password|argon2/i);

      expect((await app.api("/api/admin/users?role=alumni", { token })).body).toHaveLength(1);
      const paged = await app.api("/api/admin/users?page=2&size=10&sort=name&dir=asc", { token });
      expect(paged.body).toMatchObject({ total: 13, page: 2, size: 10, pages: 2 });
      expect(paged.body.users).toHaveLength(3);
      const searched = await app.api("/api/admin/users?search=JUAN%20DELA&limit=10", { token });
      expect(searched.body.users.map((u: { lastName: string }) => u.lastName)).toEqual([
        "dela Cruz",
      ]);
    });

    it("creates a user (201 with _id) who can then sign in, with the spec's messages for bad input", async () => {
      const { token } = await admin();
      const body = newUser();
      const r = await app.api("/api/admin/users", { token, body });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        _id: expect.any(String),
        email: body.email.toLowerCase(),
        role: "student",
        isActive: true,
        isEmailVerified: true,
      });
      const login = await app.api("/api/auth/login", {
        body: { email: body.email, password: "secret-pass-mango" },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.role).toBe("student");

      expect((await app.api("/api/admin/users", { token, body })).status).toBe(409);
      const bad = await app.api("/api/admin/users", {
        token,
        body: {
          userType: "student",
          firstName: "N",
          lastName: "Navarro",
          email: "n@gmail.com",
          password: "123",
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("First name must be at least 2 characters");
      expect(bad.body.errors).toMatchObject({
        email: ["Only @example.edu emails are allowed"],
        password: ["Password must be at least 6 characters"],
        studentId: ["Student ID is required for students"],
      });
      expect(
        (await app.api("/api/admin/users", { token, body: newUser({ userType: undefined }) })).body
          .message,
      ).toBe("Please select user type");
      expect(
        (
          await app.api("/api/admin/users", {
            token,
            body: newUser({ course: "Underwater Basket Weaving" }),
          })
        ).status,
      ).toBe(400);
      expect((await app.api("/api/admin/users", { token, body: "{oops" })).status).toBe(400);
    });

    it("deactivation through PUT {isActive} ends the user's API token at once, and is audited", async () => {
      const { user: me, token } = await admin();
      const { user, password } = await createUser(t.db, { role: "student" });
      const theirToken = await app.token(user.email, password);
      expect((await app.api("/api/auth/me", { token: theirToken })).status).toBe(200);

      const r = await app.api(`/api/admin/users/${user.id}`, {
        method: "PUT",
        token,
        body: { isActive: false },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: user.id, isActive: false, status: "inactive" });
      expect((await app.api("/api/auth/me", { token: theirToken })).status).toBe(401);
      expect(
        (await app.api("/api/auth/login", { body: { email: user.email, password } })).status,
      ).not.toBe(200);
      const [a] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
      expect(a).toMatchObject({
        action: "user.deactivate",
        actorId: me.id,
        before: { isActive: true },
        after: { isActive: false },
      });

      const back = await app.api(`/api/admin/users/${user.id}`, {
        method: "PUT",
        token,
        body: { status: "active" },
      });
      expect(back.body.isActive).toBe(true);
    });

    it("ignores fields an admin update may not set, and refuses self-removal", async () => {
      const { user: me, token } = await admin();
      const { user } = await createUser(t.db, { role: "student", verified: false });
      const r = await app.api(`/api/admin/users/${user.id}`, {
        method: "PUT",
        token,
        body: {
          lastName: "Renamed",
          password: "new-password-1",
          passwordHash: "x",
          isEmailVerified: true,
          avatarUrl: "/files/x",
          _id: me.id,
        },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        _id: user.id,
        lastName: "Renamed",
        isEmailVerified: false,
        avatarUrl: null,
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash).toBe(user.passwordHash);

      const self = await app.api(`/api/admin/users/${me.id}`, {
        method: "PUT",
        token,
        body: { isActive: false },
      });
      expect(self).toMatchObject({
        status: 403,
        body: { message: "You cannot deactivate your own account" },
      });
      expect(
        (
          await app.api(`/api/admin/users/${me.id}`, {
            method: "PUT",
            token,
            body: { userType: "student" },
          })
        ).status,
      ).toBe(403);
      expect((await app.api(`/api/admin/users/${me.id}`, { method: "DELETE", token })).status).toBe(
        403,
      );
      expect(
        (
          await app.api(`/api/admin/users/${user.id}`, {
            method: "PUT",
            token,
            body: { firstName: "X" },
          })
        ).status,
      ).toBe(400);
      expect((await app.api("/api/admin/users/not-a-uuid", { token })).status).toBe(404);
      expect((await app.api(`/api/admin/users/${user.id}`, { method: "POST", token })).status).toBe(
        405,
      );
    });

    it("deletes a user: 200 with the message, then 404; their token is gone", async () => {
      const { token } = await admin();
      const { user, password } = await createUser(t.db, { role: "alumni" });
      const theirToken = await app.token(user.email, password);
      const r = await app.api(`/api/admin/users/${user.id}`, { method: "DELETE", token });
      expect(r).toMatchObject({
        status: 200,
        body: { message: "User deleted successfully", _id: user.id },
      });
      expect((await app.api(`/api/admin/users/${user.id}`, { token })).status).toBe(404);
      expect(
        (await app.api(`/api/admin/users/${user.id}`, { method: "DELETE", token })).status,
      ).toBe(404);
      expect((await app.api("/api/auth/me", { token: theirToken })).status).toBe(401);
    });

    it("answers exactly the spec's shapes for admin and student statistics", async () => {
      const { token } = await admin();
      const { user, password } = await createUser(t.db, { role: "student", courseCode: null });
      const company = await createCompany(t.db);
      const job = await createJob(t.db, { companyId: company.id });
      await createJob(t.db, { companyId: company.id, isApproved: false });
      await t.db.insert(searchEvents).values([
        { term: "pilot", actorKey: "a" },
        { term: "pilot", actorKey: "b" },
      ]);
      await t.db.insert(jobInteractions).values({ userId: user.id, jobId: job.id, kind: "view" });
      const s = await app.api("/api/admin/stats", { token });
      expect(s.status).toBe(200);
      expect(s.body).toEqual({
        totalJobs: 2,
        totalCompanies: 1,
        totalUsers: 2,
        pendingApproval: 1,
        // Added to the spec's shape (docs/api.md): the dashboard's Reported Jobs card and every role
        // in the chart, so that it adds up to totalUsers.
        reportedJobs: 0,
        newUsers: 2,
        roleCounts: { students: 1, alumni: 0, admins: 1, employers: 0, coordinators: 0 },
        topSearches: [{ term: "pilot", total: 2 }],
        studentsByCourse: [{ course: "Unknown", total: 1 }],
      });
      const mine = await app.api("/api/student/stats", {
        token: await app.token(user.email, password),
      });
      expect(mine.body).toEqual({ availableJobs: 1, jobsViewed: 1, applications: 0, companies: 1 });
    });

    it("reads and saves the own profile; email, role, status and verification never change", async () => {
      const { user, password } = await createUser(t.db, {
        role: "alumni",
        firstName: "Alex",
        lastName: "Alumnus",
      });
      const token = await app.token(user.email, password);
      const me = await app.api("/api/profile/me", { token });
      expect(me.body).toMatchObject({
        _id: user.id,
        email: user.email,
        fullName: "Alex Alumnus",
        role: "alumni",
        avatarUrl: null,
      });

      // Exactly what the spec's client sends: fullName, email, role, avatarUrl, bio, course, yearLevel, contactNumber, address, studentId.
      const put = await app.api("/api/profile/me", {
        method: "PUT",
        token,
        body: {
          fullName: "Alexandra Alumna Reyes",
          email: "other@example.edu",
          role: "admin",
          avatarUrl: "https://evil.example/x.png",
          bio: "Flight dispatcher",
          course: { name: "BS in Aviation Safety and Security Management" },
          yearLevel: "Graduate",
          contactNumber: "0918",
          address: "Manila",
          studentId: "ALU-1",
          isActive: false,
          isEmailVerified: false,
        },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        firstName: "Alexandra",
        lastName: "Alumna Reyes",
        email: user.email,
        role: "alumni",
        avatarUrl: null,
        bio: "Flight dispatcher",
        contactNumber: "0918",
        isActive: true,
        isEmailVerified: true,
      });
      expect(put.body.course).toBe("BS in Aviation Safety and Security Management");
      expect((await app.api("/api/auth/me", { token })).body.role).toBe("alumni");

      const bad = await app.api("/api/profile/me", {
        method: "PUT",
        token,
        body: { firstName: "A" },
      });
      expect(bad).toMatchObject({
        status: 400,
        body: { message: "First name must be at least 2 characters" },
      });
      expect(
        (await app.api("/api/profile/me", { method: "PUT", token, body: { lastName: "" } })).body
          .message,
      ).toBe("Last name is required");
      expect((await app.api("/api/profile/me", { method: "POST", token, body: {} })).status).toBe(
        405,
      );
    });

    it("takes a profile photo (multipart profilePicture) and answers the profile with avatarUrl", async () => {
      const { user, password } = await createUser(t.db);
      const token = await app.token(user.email, password);
      const png = await sharp({
        create: { width: 640, height: 480, channels: 3, background: "#c00" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("profilePicture", new Blob([png], { type: "image/png" }), "me.png");
      const res = await app.fetch("/api/profile/picture", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.avatarUrl).toMatch(/^https?:\/\/[^/]+\/files\/[0-9a-f-]{36}$/);
      expect(body.profile.avatarUrl).toBe(body.avatarUrl);
      const img = await app.fetch(new URL(body.avatarUrl).pathname);
      expect(img.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
      expect((await app.api("/api/auth/me", { token })).body.avatarUrl).toBe(body.avatarUrl);

      const svg = new FormData();
      svg.set(
        "profilePicture",
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/png" }),
        "x.png",
      );
      const r415 = await app.fetch("/api/profile/picture", {
        method: "POST",
        body: svg,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(r415.status).toBe(415);
      const none = await app.fetch("/api/profile/picture", {
        method: "POST",
        body: new FormData(),
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(none.status).toBe(400);
      expect((await app.fetch("/api/profile/picture", { method: "POST", body: form })).status).toBe(
        401,
      );
    });
  });
});
