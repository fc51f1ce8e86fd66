import { createdSince } from "./created-since";

describe("createdSince: whether an object can be one a create made", () => {
  const since = new Date("2024-05-01T10:00:00.750Z");

  it("counts an object created in the same second as the create started, or later", () => {
    expect(createdSince("2024-05-01T10:00:00Z", since)).toBe(true);
    expect(createdSince("2024-05-01T10:00:01Z", since)).toBe(true);
  });

  it("never counts an older object, one without a creation time, or an unreadable time", () => {
    expect(createdSince("2024-05-01T09:59:59Z", since)).toBe(false);
    expect(createdSince(null, since)).toBe(false);
    expect(createdSince(undefined, since)).toBe(false);
    expect(createdSince("yesterday", since)).toBe(false);
  });
});
