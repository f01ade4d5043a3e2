import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LoginLink, parseLoginSearch, useLoginSearch } from "./login-location";

function View() {
  const { view, next } = useLoginSearch();
  return (
    <p data-testid="view">
      {view ?? "sign-in"} {next ?? "-"}
    </p>
  );
}

describe("the sign-in page's address", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("reads only the views and values it knows", () => {
    expect(parseLoginSearch("?next=%2Fcomics&view=register&mode=reset&token=t1&error=access_denied")).toEqual(
      { next: "/comics", view: "register", mode: "reset", token: "t1", error: "access_denied" },
    );
    expect(parseLoginSearch("?view=admin&mode=other&next=")).toEqual({
      next: undefined,
      view: undefined,
      mode: undefined,
      token: undefined,
      error: undefined,
    });
  });

  it("switches the view in place, keeps next, and Back returns to the view before", () => {
    window.history.replaceState(null, "", "/login?next=%2Fcomics");
    render(
      <>
        <View />
        <LoginLink search={{ next: "/comics", view: "register" }}>register</LoginLink>
      </>,
    );
    expect(screen.getByTestId("view").textContent).toBe("sign-in /comics");
    const link = screen.getByRole("link", { name: "register" });
    expect(link.getAttribute("href")).toBe("/login?next=%2Fcomics&view=register");
    fireEvent.click(link);
    expect(window.location.search).toBe("?next=%2Fcomics&view=register");
    expect(screen.getByTestId("view").textContent).toBe("register /comics");
    act(() => {
      window.history.replaceState(null, "", "/login?next=%2Fcomics");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByTestId("view").textContent).toBe("sign-in /comics");
  });

  it("leaves a click with a modifier key to the browser (a new tab)", () => {
    window.history.replaceState(null, "", "/login");
    render(<LoginLink search={{ view: "forgot-password" }}>forgot</LoginLink>);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    screen.getByRole("link", { name: "forgot" }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(window.location.search).toBe("");
  });
});
