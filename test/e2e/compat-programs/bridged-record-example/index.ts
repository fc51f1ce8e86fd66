// From pulumi/pulumi-dnsimple, examples/record/ts/index.ts (commit f4220b98bb44fd954d80a06cba27b18877af09d9),
// unchanged but for the import line.
// Copyright 2016-2018, Pulumi Corporation.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

import * as dnsimple from "pulumi-dnsimple-dynamic/compat";

let record = new dnsimple.ZoneRecord("test", {
  zoneName: "dnsimple.test.pulumi.com",
  name: "test-ts",
  value: "example.pulumi.com",
  type: dnsimple.RecordTypes.CNAME,
});

export default record.urn;
