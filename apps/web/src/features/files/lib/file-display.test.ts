import { describe, expect, it } from "vitest";
import { isImageMime, isVideoMime, linkHost, linkKind, truncate } from "./file-display.js";
import { folderChain, folderSubtree } from "./file-view.js";

describe("file display rules", () => {
  it("cuts titles at 20 characters and keeps shorter ones", () => {
    expect(truncate("a".repeat(20))).toBe("a".repeat(20));
    expect(truncate("a".repeat(21))).toBe(`${"a".repeat(20)}…`);
    expect(truncate("b".repeat(30), 25)).toBe(`${"b".repeat(25)}…`);
  });

  it("treats only the documents' picture types as images, and video/* as video", () => {
    expect(["image/gif", "image/png", "image/jpeg", "image/bmp", "image/webp"].every(isImageMime)).toBe(true);
    expect(isImageMime("image/svg+xml")).toBe(false);
    expect(isVideoMime("video/mp4")).toBe(true);
    expect(isVideoMime("audio/mpeg")).toBe(false);
  });

  it("tells link kinds by host", () => {
    expect(linkKind("https://docs.google.com/document/d/1")).toBe("docs");
    expect(linkKind("https://docs.google.com/spreadsheets/d/1")).toBe("sheets");
    expect(linkKind("https://docs.google.com/presentation/d/1")).toBe("slides");
    expect(linkKind("https://www.dropbox.com/s/x")).toBe("file_sharing");
    expect(linkKind("https://onedrive.live.com/x")).toBe("personal_cloud");
    expect(linkKind("not a url")).toBe("other");
    expect(linkHost("https://www.dropbox.com/s/x")).toBe("dropbox.com");
    expect(linkHost("https://docs.google.com/document/d/1")).toBe("docs.google.com");
    expect(linkHost("not a url")).toBe("");
  });

  it("builds the breadcrumb chain from the top and survives loops", () => {
    const folders = [
      { id: 1, title: "A", parent: 0, private: "0" as const },
      { id: 2, title: "B", parent: 1, private: "0" as const },
      { id: 3, title: "C", parent: 2, private: "0" as const },
      { id: 8, title: "X", parent: 9, private: "0" as const },
      { id: 9, title: "Y", parent: 8, private: "0" as const },
    ];
    expect(folderChain(folders, 3).map((folder) => folder.id)).toEqual([1, 2, 3]);
    expect(folderChain(folders, 0)).toEqual([]);
    expect(folderChain(folders, 9).map((folder) => folder.id)).toEqual([8, 9]);
  });

  it("finds a folder and everything below it, for the move popup's exclusions", () => {
    const folders = [
      { id: 1, title: "A", parent: 0, private: "0" as const },
      { id: 2, title: "B", parent: 1, private: "0" as const },
      { id: 3, title: "C", parent: 2, private: "0" as const },
      { id: 4, title: "D", parent: 0, private: "0" as const },
    ];
    expect([...folderSubtree(folders, 1)].sort()).toEqual([1, 2, 3]);
    expect([...folderSubtree(folders, 4)]).toEqual([4]);
    expect([...folderSubtree(folders, 99)]).toEqual([99]);
  });
});
