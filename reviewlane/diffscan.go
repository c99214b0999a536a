package reviewlane

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/war-room/war-room/config"
)

// scanned is one pass over a diff file: its digest, what the reviewer will be shown, and the
// coverage manifest. Hashing and selection happen in the same read, so the text shown is
// exactly the text whose digest was checked.
type scanned struct {
	digest   Digest
	text     string
	coverage Coverage
}

// section is one file's part of a diff as the scan goes through it.
type section struct {
	path   string
	bytes  int64
	binary bool
	keep   bool // false once the section no longer fits the budget
}

type scanner struct {
	filter   config.PathFilter
	limit    int64
	out      strings.Builder
	cov      Coverage
	cur      *section
	inHeader bool
	// scratch holds the current section while it may still fit; one buffer is reused for
	// every section, so allocation stays bounded by the limit, not by the diff.
	scratch []byte
}

// scanDiff reads the diff at path in one streaming pass. Memory is bounded by limit (the
// largest text ever kept), whatever the size of the file.
func scanDiff(path string, limit int64, paths pathFilter) (*scanned, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read diff: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	s := &scanner{filter: config.PathFilter{Include: paths.Include, Exclude: paths.Exclude}, limit: limit}
	s.cov.LimitBytes, s.cov.Reviewed, s.cov.Skipped = limit, []coveredFile{}, []coveredFile{}
	r := bufio.NewReaderSize(io.TeeReader(f, h), 64<<10)
	start := true
	for {
		chunk, err := r.ReadSlice('\n')
		if len(chunk) > 0 {
			s.feed(chunk, start)
			start = chunk[len(chunk)-1] == '\n'
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read diff %s: %w", path, err)
		}
	}
	s.close()
	s.cov.Complete = len(s.cov.Skipped) == 0
	return &scanned{digest: Digest{SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: s.cov.BytesTotal},
		text: s.out.String(), coverage: s.cov}, nil
}

// feed takes one line, or a piece of a line longer than the read buffer (lineStart false for
// every piece but the first).
func (s *scanner) feed(chunk []byte, lineStart bool) {
	if lineStart && bytes.HasPrefix(chunk, []byte("diff --git ")) {
		s.close()
		s.open(gitDiffPath(strings.TrimRight(string(chunk[len("diff --git "):]), "\r\n")))
	} else if s.cur == nil {
		s.open("(diff)")
	}
	if lineStart && s.inHeader {
		s.header(chunk)
	}
	s.cur.bytes += int64(len(chunk))
	s.cov.BytesTotal += int64(len(chunk))
	if !s.cur.keep {
		return
	}
	if int64(len(s.scratch)+len(chunk)) > s.limit-s.cov.BytesReviewed {
		s.cur.keep = false // will not fit whatever follows: stop keeping it
		return
	}
	s.scratch = append(s.scratch, chunk...)
}

func (s *scanner) open(path string) {
	s.cur = &section{path: path, keep: true}
	s.scratch = s.scratch[:0]
	s.inHeader = true
}

// header reads the lines between "diff --git" and the first hunk: the new name of a renamed
// file and the marks of a binary change.
func (s *scanner) header(line []byte) {
	switch {
	case bytes.HasPrefix(line, []byte("@@")):
		s.inHeader = false
	case bytes.HasPrefix(line, []byte("+++ b/")):
		s.cur.path = strings.TrimRight(string(line[len("+++ b/"):]), "\r\n")
		s.inHeader = false
	case bytes.HasPrefix(line, []byte("Binary files ")), bytes.HasPrefix(line, []byte("GIT binary patch")):
		s.cur.binary = true
	}
}

// close settles the current section: shown, or skipped with its reason.
func (s *scanner) close() {
	c := s.cur
	if c == nil {
		return
	}
	s.cur = nil
	s.cov.FilesTotal++
	skip := ""
	switch {
	case c.path != "(diff)" && !s.filter.Match(c.path):
		skip = skipExcluded
	case c.binary:
		skip = skipBinary
	case !c.keep:
		skip = skipOverSize
	}
	if skip != "" {
		s.cov.Skipped = append(s.cov.Skipped, coveredFile{Path: c.path, Bytes: c.bytes, Reason: skip})
		return
	}
	s.out.Write(s.scratch)
	s.cov.FilesReviewed++
	s.cov.BytesReviewed += c.bytes
	s.cov.Reviewed = append(s.cov.Reviewed, coveredFile{Path: c.path, Bytes: c.bytes})
}

// gitDiffPath takes the path from "a/<p> b/<p>". When the two names differ (a rename), the
// "+++ b/" header that follows supplies the new one.
func gitDiffPath(s string) string {
	if n := (len(s) - 1) / 2; len(s)%2 == 1 && strings.HasPrefix(s, "a/") && s[n] == ' ' &&
		s[2:n] == strings.TrimPrefix(s[n+1:], "b/") {
		return s[2:n]
	}
	if i := strings.LastIndex(s, " b/"); i >= 0 {
		return s[i+3:]
	}
	return s
}
