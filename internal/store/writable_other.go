//go:build !unix

package store

// canWrite cannot ask ahead on this system: the store is opened for writing, and a failure
// to write says why.
func canWrite(string) error { return nil }
