import { describe, expect, it } from "vitest";
import { checkImageFile, IMAGE_MESSAGES } from "./image-rules";
import { LOGO_MAX_BYTES } from "~/lib/uploads";

describe("checkImageFile (the browser's early check)", () => {
  it("refuses what the server refuses, with the server's messages", () => {
    expect(checkImageFile({ name: "big.jpg", type: "image/jpeg", size: 48 * 1024 * 1024 })).toBe(
      IMAGE_MESSAGES.tooLarge,
    );
    expect(checkImageFile({ name: "edge.png", type: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe(
      IMAGE_MESSAGES.tooLarge,
    );
    expect(checkImageFile({ name: "doc.pdf", type: "application/pdf", size: 10 })).toBe(
      IMAGE_MESSAGES.unsupported,
    );
    expect(checkImageFile({ name: "vector.svg", type: "image/svg+xml", size: 10 })).toBe(
      IMAGE_MESSAGES.unsupported,
    );
    expect(checkImageFile({ name: "empty.png", type: "image/png", size: 0 })).toBe(
      IMAGE_MESSAGES.missing,
    );
    expect(checkImageFile(null)).toBe(IMAGE_MESSAGES.missing);
  });

  it("lets acceptable files through, judging an untyped file by its extension", () => {
    expect(
      checkImageFile({ name: "me.webp", type: "image/webp", size: LOGO_MAX_BYTES }),
    ).toBeNull();
    expect(checkImageFile({ name: "ME.JPEG", type: "", size: 1000 })).toBeNull();
    expect(checkImageFile({ name: "notes", type: "", size: 1000 })).toBe(
      IMAGE_MESSAGES.unsupported,
    );
  });
});
