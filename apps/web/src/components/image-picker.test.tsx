import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ImagePickButton, ImagePicker } from "./image-picker";

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" });

function renderPicker(props: Partial<Parameters<typeof ImagePicker>[0]> = {}) {
  const onFile = vi.fn();
  render(
    <ImagePicker
      label="Logo"
      imageUrl={null}
      imageAlt="Ảnh Logo"
      frameClassName="aspect-square w-40"
      placeholder="Kéo thả ảnh vào đây"
      uploadingText="Đang tải lên"
      pickLabel="Chọn ảnh"
      onFile={onFile}
      {...props}
    />,
  );
  return onFile;
}

describe("ImagePicker", () => {
  it("names its hidden input by the label and hands a picked file over", () => {
    const onFile = renderPicker();
    const input = screen.getByLabelText("Logo", { selector: "input" }) as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.tabIndex).toBe(-1);
    const file = png();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText("Kéo thả ảnh vào đây")).toBeTruthy();
  });

  it("takes a dropped file, unless dropping is off", () => {
    const onFile = renderPicker();
    const frame = screen.getByText("Kéo thả ảnh vào đây").parentElement as HTMLElement;
    const file = png();
    fireEvent.drop(frame, { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it("read-only: the picture only, no button, drops ignored", () => {
    const onFile = renderPicker({ readOnly: true, imageUrl: "/x.png" });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("img", { name: "Ảnh Logo" })).toBeTruthy();
    fireEvent.drop(screen.getByRole("img").parentElement as HTMLElement, {
      dataTransfer: { files: [png()] },
    });
    expect(onFile).not.toHaveBeenCalled();
  });

  it("shows the progress while uploading and the error, tied to the input", () => {
    renderPicker({ percent: 40, error: "Ảnh quá lớn" });
    expect(screen.getByRole("status").textContent).toBe("Đang tải lên");
    const input = screen.getByLabelText("Logo", { selector: "input" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Ảnh quá lớn",
    );
  });
});

describe("ImagePickButton", () => {
  it("the button opens the input; the input is cleared after each pick", () => {
    const onFile = vi.fn();
    render(
      <ImagePickButton label="Ảnh đại diện" onFile={onFile}>
        Chọn
      </ImagePickButton>,
    );
    const input = screen.getByLabelText("Ảnh đại diện") as HTMLInputElement;
    const click = vi.spyOn(input, "click");
    fireEvent.click(screen.getByRole("button", { name: "Chọn" }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [png()] } });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(input.value).toBe("");
  });
});
