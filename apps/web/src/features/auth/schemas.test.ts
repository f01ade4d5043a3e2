import { describe, expect, it } from "vitest";
import { forgotPasswordSchema, registerSchema, signInSchema } from "./schemas";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`);

describe("auth form schemas", () => {
  it("sign-in needs an email with a 2+ letter top-level domain and a password", () => {
    expect(issues(signInSchema.safeParse({ email: "", password: "" }))).toEqual([
      "email:validation.required",
      "email:validation.emailInvalid",
      "password:validation.required",
    ]);
    expect(issues(signInSchema.safeParse({ email: "a@b.c", password: "x" }))).toEqual([
      "email:validation.emailInvalid",
    ]);
    expect(signInSchema.safeParse({ email: " la@vuon.vn ", password: "x" })).toMatchObject({
      success: true,
      data: { email: "la@vuon.vn" },
    });
  });

  it("register reports mismatched passwords and unaccepted terms", () => {
    const result = registerSchema.safeParse({
      name: "Hoa",
      email: "hoa@vuon.vn",
      password: "mat-khau-1",
      confirmPassword: "mat-khau-2",
      acceptTerms: false,
    });
    expect(issues(result)).toEqual([
      "acceptTerms:validation.termsRequired",
      "confirmPassword:validation.passwordsDoNotMatch",
    ]);
  });

  it("forgot password needs a valid email", () => {
    expect(issues(forgotPasswordSchema.safeParse({ email: "khong-phai-email" }))).toEqual([
      "email:validation.emailInvalid",
    ]);
  });
});
