/** Request bodies shared by the emulator tests. */
export const CONTACT = {
  first_name: "Jane",
  last_name: "Doe",
  email: "jane@example.com",
  phone: "+18001234567",
  address1: "1 Main Street",
  city: "Rome",
  state_province: "RM",
  postal_code: "00100",
  country: "IT",
};
