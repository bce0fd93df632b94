// Loaded into the journey's server process with `--import` before its own code: when PLOTLINE_E2E_CLOCK is
// set, the server's Date starts at that moment and runs on from there, so that "today" is the journeys' day
// on both sides. Timers are left real.
import FakeTimers from "@sinonjs/fake-timers";

const start = process.env.PLOTLINE_E2E_CLOCK;
if (start) FakeTimers.install({ now: Date.parse(start), toFake: ["Date"], shouldAdvanceTime: true, advanceTimeDelta: 5 });
