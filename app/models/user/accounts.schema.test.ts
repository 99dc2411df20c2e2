import { describe, expect, it } from "vitest";
import {
  loginSchema,
  otpField,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchemaOf,
  verifyOtpSchema,
} from "./user.schema";

const first = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  Object.fromEntries((r.error?.issues ?? []).reverse().map((i) => [i.path.join("."), i.message]));

const valid = {
  userType: "student",
  firstName: "Ana",
  lastName: "Cruz",
  email: "  Ana.Cruz@Example.EDU ",
  password: "secret1",
  confirmPassword: "secret1",
  terms: "on",
};

describe("login rules", () => {
  it("gives the spec's messages", () => {
    expect(first(loginSchema.safeParse({}))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(first(loginSchema.safeParse({ email: "nope", password: "12345" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });
  it("trims and lowercases the e-mail but never the password", () => {
    const r = loginSchema.parse({ email: " A@Example.edu ", password: " pass word " });
    expect(r).toEqual({ email: "a@example.edu", password: " pass word " });
  });
});

describe("register rules", () => {
  const form = registerFormSchema("example.edu");
  it("accepts a complete form and normalises the e-mail", () => {
    const r = form.parse(valid);
    expect(r.email).toBe("ana.cruz@example.edu");
    expect(r.studentId).toBeNull();
    expect(r.course).toBeNull();
    expect(r.yearLevel).toBeNull();
  });
  it("gives every required-field message verbatim", () => {
    const r = form.safeParse({});
    expect(first(r)).toMatchObject({
      userType: "Please select your user type",
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      password: "Password is required",
      confirmPassword: "Please confirm your password",
      terms: "You must accept the terms and conditions",
    });
  });
  it("refuses other domains, look-alike domains and subdomains", () => {
    for (const email of [
      "ana@gmail.com",
      "ana@example.edu.evil.com",
      "ana@sub.example.edu",
      "ana@example.ed",
    ]) {
      expect(first(form.safeParse({ ...valid, email }))).toEqual({
        email: "Only @example.edu emails are allowed",
      });
    }
  });
  it("says when the passwords differ and requires 6 to 128 characters", () => {
    expect(first(form.safeParse({ ...valid, confirmPassword: "secret2" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(
      first(form.safeParse({ ...valid, password: "12345", confirmPassword: "12345" })),
    ).toEqual({
      password: "Password must be at least 6 characters",
    });
    const long = "x".repeat(129);
    expect(first(form.safeParse({ ...valid, password: long, confirmPassword: long }))).toEqual({
      password: "Password must be at most 128 characters",
    });
  });
  it("offers only student and alumni, and only the register year levels", () => {
    expect(first(form.safeParse({ ...valid, userType: "admin" }))).toEqual({
      userType: "Please select your user type",
    });
    expect(first(form.safeParse({ ...valid, yearLevel: "1st Year" }))).toEqual({
      yearLevel: "Please choose a valid year level",
    });
    expect(form.parse({ ...valid, yearLevel: "Graduate" }).yearLevel).toBe("Graduate");
  });
  it("drops keys outside the payload (mass assignment)", () => {
    const r = registerSchema("example.edu").parse({
      ...valid,
      role: "admin",
      isEmailVerified: true,
      isActive: false,
      _id: "x",
    });
    expect(Object.keys(r).sort()).toEqual([
      "course",
      "email",
      "firstName",
      "graduationYear",
      "lastName",
      "password",
      "studentId",
      "userType",
      "yearLevel",
    ]);
  });
});

describe("OTP rule", () => {
  it("needs exactly six digits", () => {
    for (const bad of ["", "12345", "1234567", "12a456", null, undefined]) {
      expect(otpField.safeParse(bad).error?.issues[0].message).toBe("Enter the 6-digit code.");
    }
    expect(otpField.parse("012 345")).toBe("012345");
    expect(verifyOtpSchema.parse({ email: " A@example.edu", otp: "123456" })).toEqual({
      email: "a@example.edu",
      otp: "123456",
    });
  });
});

describe("reset form", () => {
  it("needs a token and matching passwords", () => {
    const r = resetPasswordFormSchemaOf().safeParse({
      email: "a@example.edu",
      token: "",
      password: "secret1",
      confirmPassword: "secret9",
    });
    expect(first(r)).toMatchObject({
      token: "This password reset link is invalid or has expired. Please request a new one.",
      confirmPassword: "Passwords do not match",
    });
  });
});
