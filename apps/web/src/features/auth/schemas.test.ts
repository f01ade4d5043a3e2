import { describe, expect, it } from "vitest";
import { forgotPasswordSchema, profileSchema, registerSchema, resetPasswordSchema } from "./schemas";
import { validateSignIn } from "./sign-in-validation";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`);

describe("auth form schemas", () => {
  it("sign-in needs an email with a 2+ letter top-level domain and a password", () => {
    expect(validateSignIn({ email: "", password: "" })).toEqual({
      email: "validation.required",
      password: "validation.required",
    });
    expect(validateSignIn({ email: "a@b.c", password: "x" })).toEqual({ email: "validation.emailInvalid" });
    expect(validateSignIn({ email: " la@vuon.vn ", password: "x" })).toEqual({});
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

  it("register and reset need a password of at least 8 characters, typed twice", () => {
    expect(
      issues(
        registerSchema.safeParse({
          name: "Hoa",
          email: "hoa@vuon.vn",
          password: "ngan",
          confirmPassword: "ngan",
          acceptTerms: true,
        }),
      ),
    ).toEqual(["password:validation.tooShort"]);
    expect(issues(resetPasswordSchema.safeParse({ password: "", confirmPassword: "" }))).toEqual([
      "password:validation.required",
      "password:validation.tooShort",
    ]);
    expect(
      issues(resetPasswordSchema.safeParse({ password: "mat-khau-moi", confirmPassword: "khac" })),
    ).toEqual(["confirmPassword:validation.passwordsDoNotMatch"]);
  });

  it("register names the missing fields", () => {
    const result = registerSchema.safeParse({
      name: "  ",
      email: "",
      password: "",
      confirmPassword: "",
      acceptTerms: true,
    });
    expect(issues(result).filter((issue) => issue.endsWith("validation.required"))).toEqual([
      "name:validation.required",
      "email:validation.required",
      "password:validation.required",
    ]);
  });

  it("a profile name is required and at most 100 characters", () => {
    expect(issues(profileSchema.safeParse({ name: " " }))).toEqual(["name:validation.required"]);
    expect(issues(profileSchema.safeParse({ name: "x".repeat(101) }))).toEqual(["name:validation.tooLong"]);
    expect(profileSchema.safeParse({ name: " Hoa " })).toMatchObject({
      success: true,
      data: { name: "Hoa" },
    });
  });

  it("forgot password needs a valid email", () => {
    expect(issues(forgotPasswordSchema.safeParse({ email: "khong-phai-email" }))).toEqual([
      "email:validation.emailInvalid",
    ]);
  });
});
