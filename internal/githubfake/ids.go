package githubfake

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// nodeID makes an opaque global ID shaped like GitHub's current ones ("D_kwDO…"): a type
// prefix, then base64 of the database ID. Callers must treat it as opaque, as on GitHub.
func nodeID(prefix string, id int64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(id)^0x5a17c0de)
	return prefix + "_kwDO" + base64.RawURLEncoding.EncodeToString(b[:])
}

// Node ID prefixes, as GitHub uses them.
const (
	pfxRepo       = "R"
	pfxUser       = "U"
	pfxBot        = "BOT"
	pfxOrg        = "O"
	pfxCategory   = "DIC"
	pfxDiscussion = "D"
	pfxDComment   = "DC"
	pfxLabel      = "LA"
	pfxIssue      = "I"
	pfxPull       = "PR"
	pfxIComment   = "IC"
	pfxReaction   = "REA"
	pfxCheckRun   = "CR"
	pfxReview     = "PRR"
	pfxRComment   = "PRRC"
	pfxCommit     = "C"
)

// cursor encodes a 0-based position in a list; opaque to clients like GitHub's cursors.
func cursor(i int) string {
	return base64.StdEncoding.EncodeToString([]byte("cursor:v2:" + strconv.Itoa(i)))
}

func parseCursor(c string) (int, error) {
	raw, err := base64.StdEncoding.DecodeString(c)
	if err != nil || !strings.HasPrefix(string(raw), "cursor:v2:") {
		return 0, fmt.Errorf("`%s` does not appear to be a valid cursor.", c) //lint:ignore ST1005 GitHub's own words, which clients match
	}
	n, err := strconv.Atoi(strings.TrimPrefix(string(raw), "cursor:v2:"))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("`%s` does not appear to be a valid cursor.", c) //lint:ignore ST1005 GitHub's own words, which clients match
	}
	return n, nil
}
