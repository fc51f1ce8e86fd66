// The longer end-to-end files (*.long.ts) drive many stacks, or one stack through many faults.
jest.setTimeout(900_000);
