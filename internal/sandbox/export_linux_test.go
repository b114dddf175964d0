package sandbox

// UserTasks is userTasks, for the tests of package sandbox_test.
var UserTasks = userTasks
