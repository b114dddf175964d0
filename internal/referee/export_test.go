package referee

// NBoardClock is nboardClock, for the tests.
var NBoardClock = nboardClock
