import {
  ZForgotPasswordForm,
  ZProfileForm,
  ZRegisterForm,
  ZResetPasswordForm,
  ZSignInForm,
} from "@vt/shared/contracts/users";
import { describe, expect, it } from "vitest";
import { validateSignIn } from "./sign-in-validation";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`);

/** The first problem of each field, as the forms show it. */
const firstByField = (result: Parameters<typeof issues>[0]) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
};

describe("auth forms (shared schemas of @vt/shared/contracts/users)", () => {
  it("sign-in needs an email with a 2+ letter top-level domain and a password", () => {
    expect(validateSignIn({ email: "", password: "" })).toEqual({
      email: "validation.required",
      password: "validation.required",
    });
    expect(validateSignIn({ email: "a@b.c", password: "x" })).toEqual({ email: "validation.emailInvalid" });
    expect(validateSignIn({ email: " la@vuon.vn ", password: "x" })).toEqual({});
  });

  it.each([
    ["", ""],
    ["a@b.c", "x"],
    [" la@vuon.vn ", "x"],
    ["la@@vuon.vn", "x"],
    ["la vuon@vuon.vn", "x"],
    ["la.@vuon.vn", "x"],
    ["la@-vuon.vn", "x"],
    ["la@vuon.vn", ""],
  ])("the zod-free sign-in check agrees with ZSignInForm for %j", (email, password) => {
    expect(validateSignIn({ email, password })).toEqual(
      firstByField(ZSignInForm.safeParse({ email, password })),
    );
  });

  it("register reports mismatched passwords and unaccepted terms", () => {
    const result = ZRegisterForm.safeParse({
      name: "Hoa",
      email: "hoa@vuon.vn",
      password: "mat-khau-1",
      passwordConfirmation: "mat-khau-2",
      acceptTerms: false,
    });
    expect(issues(result)).toEqual([
      "acceptTerms:validation.termsRequired",
      "passwordConfirmation:validation.passwordsDoNotMatch",
    ]);
  });

  it("register and reset need a password of at least 8 characters, typed twice", () => {
    expect(
      issues(
        ZRegisterForm.safeParse({
          name: "Hoa",
          email: "hoa@vuon.vn",
          password: "ngan",
          passwordConfirmation: "ngan",
          acceptTerms: true,
        }),
      ),
    ).toEqual(["password:validation.tooShort"]);
    expect(firstByField(ZResetPasswordForm.safeParse({ password: "", passwordConfirmation: "" }))).toEqual({
      password: "validation.required",
      passwordConfirmation: "validation.required",
    });
    expect(
      issues(ZResetPasswordForm.safeParse({ password: "mat-khau-moi", passwordConfirmation: "khac" })),
    ).toEqual(["passwordConfirmation:validation.passwordsDoNotMatch"]);
  });

  it("register names the missing fields", () => {
    const result = ZRegisterForm.safeParse({
      name: "  ",
      email: "",
      password: "",
      passwordConfirmation: "",
      acceptTerms: true,
    });
    expect(firstByField(result)).toEqual({
      name: "validation.required",
      email: "validation.required",
      password: "validation.required",
      passwordConfirmation: "validation.required",
    });
  });

  it("a profile name is required and at most 100 characters", () => {
    expect(issues(ZProfileForm.safeParse({ name: " " }))).toEqual(["name:validation.required"]);
    expect(issues(ZProfileForm.safeParse({ name: "x".repeat(101) }))).toEqual(["name:validation.tooLong"]);
    expect(ZProfileForm.safeParse({ name: " Hoa " })).toMatchObject({ success: true, data: { name: "Hoa" } });
  });

  it("forgot password needs a valid email", () => {
    expect(issues(ZForgotPasswordForm.safeParse({ email: "khong-phai-email" }))).toEqual([
      "email:validation.emailInvalid",
    ]);
  });
});
