package reviewlane

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// copyBuffer is the read size used when streaming a diff: large enough that syscalls do not
// dominate hashing, small enough that building a lane for a huge diff stays flat in memory.
const copyBuffer = 256 << 10

// Digest is a file's SHA-256 (lowercase hex) and size.
type Digest struct {
	SHA256 string
	Bytes  int64
}

// hashReader streams r through SHA-256 without holding it in memory.
func hashReader(r io.Reader) (Digest, error) {
	h := sha256.New()
	n, err := io.CopyBuffer(h, r, make([]byte, copyBuffer))
	if err != nil {
		return Digest{}, fmt.Errorf("hash: %w", err)
	}
	return Digest{SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: n}, nil
}

// HashFile streams the file at path through SHA-256.
func HashFile(path string) (Digest, error) {
	f, err := os.Open(path)
	if err != nil {
		return Digest{}, fmt.Errorf("hash %s: %w", path, err)
	}
	defer f.Close()
	d, err := hashReader(f)
	if err != nil {
		return Digest{}, fmt.Errorf("hash %s: %w", path, err)
	}
	return d, nil
}

// writeHashed creates path exclusively (an existing file, or a symlink planted there, is an
// error rather than something to write through), streams r into it and returns the digest
// of exactly the bytes written.
func writeHashed(path string, r io.Reader) (Digest, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return Digest{}, fmt.Errorf("create %s: %w", path, err)
	}
	h := sha256.New()
	n, err := io.CopyBuffer(io.MultiWriter(f, h), r, make([]byte, copyBuffer))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Digest{}, fmt.Errorf("write %s: %w", path, err)
	}
	return Digest{SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: n}, nil
}
