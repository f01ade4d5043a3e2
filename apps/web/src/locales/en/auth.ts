import type { Translation } from "../translation-shape";
import type { auth as viAuth } from "../vi/auth";

export const auth = {
  checkingSession: "Checking your session…",
  brandHeadline: "Tend your team's comic garden",
  brandBody:
    "Upload comics, arrange chapters, and manage authors, artists, characters and team info in one place.",
  brandPoints: {
    comics: "Upload and update comics, chapters and volume art",
    people: "Manage authors, artists and characters",
    team: "Team members, donations and credit",
  },
  signIn: {
    title: "Sign in",
    description: "Use your Vườn Truyện account to enter the Studio.",
    email: "Email",
    emailPlaceholder: "you@example.com",
    password: "Password",
    passwordPlaceholder: "Enter your password",
    showPassword: "Show password",
    hidePassword: "Hide password",
    submit: "Sign in",
    submitting: "Signing in…",
    forgotPassword: "Forgot password?",
    noAccount: "No account yet?",
    register: "Register",
  },
  register: {
    title: "Create an account",
    description: "Join Vườn Truyện Studio to upload comics with your team.",
    name: "Display name",
    namePlaceholder: "e.g. Plum Blossom Team",
    confirmPassword: "Confirm password",
    confirmPasswordPlaceholder: "Repeat the password above",
    acceptTerms: "I accept the Vườn Truyện terms of use",
    submit: "Register",
    submitting: "Creating your account…",
    haveAccount: "Already have an account?",
    signIn: "Sign in",
  },
  forgotPassword: {
    title: "Forgot password",
    description: "Enter the email you registered with and we will send you a link to reset your password.",
    submit: "Send reset link",
    submitting: "Sending…",
    backToSignIn: "Back to sign in",
  },
  switchLanguage: "Choose language",
} satisfies Translation<typeof viAuth>;
