// Package testenv decides what a test does when the machine lacks what it
// needs (a PDF reader, Chromium, a Japanese font): on a designer's machine
// the test is skipped, naming what to install; under CI (CI=true), where
// .ci/run installs everything, it fails, so a green CI run never hides a
// test that did not run.
package testenv
