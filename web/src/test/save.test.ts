import { resolveObjectURL } from "node:buffer";
import { describe, expect, it } from "vitest";
import { downloadText, saveFileName } from "../save";

describe("the save file download", () => {
  it("names the file after the table", () => {
    expect(saveFileName("526fdc6770cdbc75")).toBe("b5-526fdc6770cdbc75.save.json");
    expect(saveFileName("a/b")).toBe("b5-a_b.save.json");
  });

  it("hands the text to the browser as a named download", async () => {
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const body = {
      children: [] as unknown[],
      appendChild(x: unknown) {
        this.children.push(x);
      },
    };
    const doc = {
      body,
      createElement: () => {
        const a = {
          href: "",
          download: "",
          rel: "",
          style: { display: "" },
          click() {
            clicked.push({ href: a.href, download: a.download, attached: body.children.includes(a) });
          },
          remove() {
            body.children = body.children.filter((x) => x !== a);
          },
        };
        return a;
      },
    } as unknown as Document;
    downloadText("b5-t1.save.json", '{"seed": 7}', doc);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("b5-t1.save.json");
    expect(clicked[0]!.attached).toBe(true);
    expect(body.children).toHaveLength(0);
    // The link holds exactly the text.
    const blob = resolveObjectURL(clicked[0]!.href);
    expect(blob).toBeDefined();
    expect(await blob!.text()).toBe('{"seed": 7}');
    expect(blob!.type).toBe("application/json");
  });
});
