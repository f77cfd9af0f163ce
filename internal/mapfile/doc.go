// Package mapfile maps files into memory read-only: a large input or a
// file a build compares with what it would write is then the page cache's
// pages, not a copy in fresh memory (whose first touch costs a page fault
// per page). Where files cannot be mapped, callers read them.
package mapfile
