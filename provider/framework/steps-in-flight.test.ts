/**
 * The steps this provider process has been handed and not answered yet, and how many the engine
 * runs at once (`--parallel`), read from the environment or from the `pulumi` command that started
 * this process. /proc and the CPU count are faked here, so nothing depends on the machine.
 */
import { readFileSync } from "node:fs";
import {
  defaultParallelism,
  engineParallelism,
  parallelismOf,
  resetStepsInFlight,
  stepStarted,
  stepsInFlight,
} from "./steps-in-flight";

jest.mock("node:fs", () => ({ readFileSync: jest.fn() }));
jest.mock("node:os", () => ({ availableParallelism: () => 2 }));

const readFile = readFileSync as unknown as jest.Mock;
/** The CLI's default with the faked two CPUs: four per CPU. */
const DEFAULT_PARALLEL = 8;

/** A process as /proc shows it: its parent and its arguments. */
interface FakeProcess {
  pid: number;
  ppid: number;
  args: string[];
}

/** Answers reads of /proc/<pid>/cmdline and /proc/<pid>/stat from `processes`; others fail. */
function fakeProc(processes: FakeProcess[]): void {
  readFile.mockImplementation((path: string, encoding?: string) => {
    const match = /^\/proc\/(\d+)\/(cmdline|stat)$/.exec(path);
    const proc = match ? processes.find((p) => p.pid === Number(match[1])) : undefined;
    if (!match || !proc) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    const comm = (proc.args[0] ?? "").split("/").pop();
    const text =
      match[2] === "cmdline"
        ? proc.args.map((arg) => `${arg}\0`).join("")
        : `${proc.pid} (${comm}) S ${proc.ppid} ${proc.pid} ${proc.pid} 0 -1 4194560`;
    return encoding === "utf8" ? text : Buffer.from(text);
  });
}

const savedParallel = process.env["PULUMI_PARALLEL"];
beforeEach(() => {
  delete process.env["PULUMI_PARALLEL"];
  readFile.mockReset();
  fakeProc([]);
  resetStepsInFlight();
});
afterAll(() => {
  if (savedParallel !== undefined) process.env["PULUMI_PARALLEL"] = savedParallel;
});

describe("steps in flight", () => {
  it("are counted per kind from their start until they are answered, once", () => {
    const answered = stepStarted("ZoneRecord");
    stepStarted("Domain");
    expect(stepsInFlight("ZoneRecord")).toBe(1);
    answered();
    answered();
    expect(stepsInFlight("ZoneRecord")).toBe(0);
    expect(stepsInFlight("Domain")).toBe(1);
  });

  it("raise the engine's parallelism to the most seen at once, even after some are answered and others start", () => {
    process.env["PULUMI_PARALLEL"] = "1";
    const ends = [stepStarted("ZoneRecord"), stepStarted("ZoneRecord"), stepStarted("ZoneRecord")];
    ends[0]!();
    ends[1]!();
    stepStarted("ZoneRecord");
    expect(stepsInFlight("ZoneRecord")).toBe(2);
    expect(engineParallelism()).toBe(3);
  });
});

describe("the engine's parallelism from its settings", () => {
  const pulumi = (...args: string[]) => [
    ["node", "index.js"],
    ["/usr/bin/pulumi", "up", ...args],
  ];

  it("is PULUMI_PARALLEL when that is a positive whole number", () => {
    expect(parallelismOf({ PULUMI_PARALLEL: "16" }, pulumi("-p", "3"))).toBe(16);
    for (const bad of ["0", "-3", "1.5", "many"]) {
      expect(parallelismOf({ PULUMI_PARALLEL: bad }, pulumi("-p", "3"))).toBe(3);
    }
  });

  it("is --parallel or -p of the first pulumi command, spelled any of the usual ways", () => {
    expect(parallelismOf({}, pulumi("--yes", "--parallel", "64"))).toBe(64);
    expect(parallelismOf({}, pulumi("-p", "5"))).toBe(5);
    expect(parallelismOf({}, pulumi("--parallel=12"))).toBe(12);
    expect(parallelismOf({}, pulumi("-p7"))).toBe(7);
  });

  it("is undefined when no pulumi command started this process", () => {
    expect(parallelismOf({}, [["node", "index.js"], [], ["bash"]])).toBeUndefined();
  });

  it("is not read from pulumi's plugins, only from the pulumi command itself", () => {
    const lines = [
      ["/home/me/.pulumi/bin/pulumi-language-nodejs", "-p", "2"],
      ["/home/me/.pulumi/bin/pulumi", "up", "-p", "6"],
    ];
    expect(parallelismOf({}, lines)).toBe(6);
  });

  it("is not read from other options that end in -p and a number, or their values", () => {
    expect(parallelismOf({}, pulumi("--stack", "eu-p2", "-p", "5"))).toBe(5);
    expect(parallelismOf({}, pulumi("--message", "12", "--parallel", "3"))).toBe(3);
    expect(parallelismOf({}, pulumi("--parallel=8x", "-p", "3"))).toBe(3);
  });

  it("is the CLI's default (four per CPU) when --parallel is not a positive whole number", () => {
    expect(defaultParallelism()).toBe(DEFAULT_PARALLEL);
    for (const bad of ["0", "1e3", "+5", "-5", "0x10"]) {
      expect(parallelismOf({}, pulumi("-p", bad))).toBe(DEFAULT_PARALLEL);
    }
    expect(parallelismOf({}, pulumi("--parallel"))).toBe(DEFAULT_PARALLEL);
  });
});

describe("the engine's parallelism of this process", () => {
  const parent = process.ppid;

  it("is PULUMI_PARALLEL when set", () => {
    process.env["PULUMI_PARALLEL"] = "5";
    expect(engineParallelism()).toBe(5);
  });

  it("is read from the pulumi command a few processes up, through /proc", () => {
    fakeProc([
      { pid: parent, ppid: 300, args: ["node", "/usr/lib/node_modules/dynamic-provider/index.js"] },
      { pid: 300, ppid: 200, args: ["/bin/sh", "-c", "pulumi-resource-pulumi-nodejs"] },
      { pid: 200, ppid: 1, args: ["/usr/bin/pulumi", "up", "--parallel", "12"] },
    ]);
    expect(engineParallelism()).toBe(12);
  });

  it("skips the empty arguments /proc shows between NUL bytes", () => {
    fakeProc([{ pid: parent, ppid: 1, args: ["/usr/bin/pulumi", "up", "--parallel", "", "9"] }]);
    expect(engineParallelism()).toBe(9);
  });

  it("is the CLI's default when the pulumi command is more than four processes up", () => {
    fakeProc([
      { pid: parent, ppid: 40, args: ["node", "index.js"] },
      { pid: 40, ppid: 30, args: ["sh"] },
      { pid: 30, ppid: 20, args: ["sh"] },
      { pid: 20, ppid: 10, args: ["sh"] },
      { pid: 10, ppid: 1, args: ["/usr/bin/pulumi", "up", "-p", "12"] },
    ]);
    expect(engineParallelism()).toBe(DEFAULT_PARALLEL);
  });

  it("is not read from the init process (pid 1)", () => {
    fakeProc([
      { pid: parent, ppid: 1, args: ["node", "index.js"] },
      { pid: 1, ppid: 0, args: ["/usr/bin/pulumi", "up", "-p", "12"] },
    ]);
    expect(engineParallelism()).toBe(DEFAULT_PARALLEL);
  });

  it("gives up at the first process /proc does not fully show", () => {
    readFile.mockImplementation((path: string) => {
      if (path === `/proc/${parent}/cmdline`) return "node\0index.js\0";
      throw new Error(`EACCES: ${path}`);
    });
    expect(engineParallelism()).toBe(DEFAULT_PARALLEL);
    expect(readFile).toHaveBeenCalledTimes(2);
  });

  it("is looked up once, and is never less than the most steps seen in flight at once", () => {
    fakeProc([{ pid: parent, ppid: 1, args: ["pulumi", "up", "-p", "2"] }]);
    expect(engineParallelism()).toBe(2);
    fakeProc([]);
    const answers = [stepStarted("ZoneRecord"), stepStarted("ZoneRecord"), stepStarted("ZoneRecord")];
    expect(engineParallelism()).toBe(3);
    answers.forEach((answered) => answered());
    expect(engineParallelism()).toBe(3);
    resetStepsInFlight();
    expect(engineParallelism()).toBe(DEFAULT_PARALLEL);
  });
});
