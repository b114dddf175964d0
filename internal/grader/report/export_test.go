package report

// Golden is golden, for the tests of package report_test: it compares a
// report with its golden file in testdata, or rewrites it with -update.
var Golden = golden

// ThreeWays is threeWays, a made-up grade of three ways of failing, for
// the tests of package report_test.
var ThreeWays = threeWays
