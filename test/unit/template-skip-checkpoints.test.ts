/**
 * The template's one-line choice of `PULUMI_SKIP_CHECKPOINTS` (issue 65): `npm run
 * up:skip-checkpoints` runs `pulumi up` with the variable set and the arguments passed on. A
 * stand-in `pulumi` first on PATH prints what it was given.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

const TEMPLATE = path.join(__dirname, "../../templates/typescript");

it("`npm run up:skip-checkpoints -- --yes` runs `pulumi up --yes` with PULUMI_SKIP_CHECKPOINTS=true", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "template-skip-checkpoints-"));
  try {
    cpSync(path.join(TEMPLATE, "package.json"), path.join(dir, "package.json"));
    mkdirSync(path.join(dir, "bin"));
    const standIn = path.join(dir, "bin", "pulumi");
    writeFileSync(standIn, '#!/bin/sh\necho "PULUMI_SKIP_CHECKPOINTS=$PULUMI_SKIP_CHECKPOINTS pulumi $*"\n');
    chmodSync(standIn, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${path.join(dir, "bin")}${path.delimiter}${process.env.PATH}`,
    };
    delete env.PULUMI_SKIP_CHECKPOINTS;
    const said = execFileSync("npm", ["run", "--silent", "up:skip-checkpoints", "--", "--yes"], {
      cwd: dir,
      env,
      encoding: "utf8",
    });
    expect(said.trim()).toBe("PULUMI_SKIP_CHECKPOINTS=true pulumi up --yes");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
