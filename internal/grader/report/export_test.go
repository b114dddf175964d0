package report

// Golden is golden, for the tests of package report_test: it compares a
// report with its golden file in testdata, or rewrites it with -update.
var Golden = golden
