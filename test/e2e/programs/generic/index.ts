/**
 * One precompiled Pulumi program for the end-to-end tests that run a program as a user does
 * (a project folder, `pulumi up` on the command line): the stack config `resources` lists what
 * to declare, so tests change config instead of compiling programs (declare.ts).
 */
import * as dnsimple from "pulumi-dnsimple-dynamic";
import { declareResources } from "./declare";

/** Every resource's id, so tests can find the objects in the emulator. */
export const ids = declareResources(dnsimple);
