package engine

import (
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/war-room/war-room/engine/record"
)

// sessionPrefix is a leading run of the session's own inputs as every call fed that run sends
// it: fenced, each followed by a blank line, and the SHA-256 state after the session's system
// text, a NUL and that text. The session's inputs (a megabyte of --context) are the same in
// every call, so they are fenced and hashed once per run instead of once per call; a call's
// prompt and its digest are byte for byte what fencing and hashing them each time would give.
type sessionPrefix struct {
	system string
	text   string
	state  []byte // a crypto/sha256 digest's MarshalBinary after system + "\x00" + text
}

// prefixMemo holds a run's session prefixes by the indices of the session inputs they fence.
type prefixMemo struct {
	mu  sync.Mutex
	byK map[string]*sessionPrefix
}

// sessionPrefix returns the memo of inputs, which are all the session's own, in their order;
// the first call to ask builds it while the others wait for it.
func (r *Run) sessionPrefix(system string, inputs []NamedText) *sessionPrefix {
	idx := make([]int, len(inputs))
	for i, in := range inputs {
		idx[i] = r.sessionInputIndex(in)
	}
	key := fmt.Sprint(idx)
	m := &r.prefixes
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.byK[key]; ok && p.system == system {
		return p
	}
	var b strings.Builder
	for _, in := range inputs {
		r.writeInput(&b, NamedText{Name: in.Name, Text: in.Text})
	}
	p := &sessionPrefix{system: system, text: b.String()}
	h := sha256.New()
	h.Write([]byte(system + "\x00"))
	h.Write([]byte(p.text))
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err == nil {
		p.state = state
	}
	if m.byK == nil {
		m.byK = map[string]*sessionPrefix{}
	}
	m.byK[key] = p
	return p
}

// digest is the lowercase hex SHA-256 of the prompt's system text, a NUL and its first n bytes
// of user text; a prompt that begins with a session prefix hashes only what follows it.
func (pr prompt) digest(n int) string {
	p := pr.prefix
	if p == nil || p.state == nil || p.system != pr.system || n < len(p.text) {
		return record.SHA256Hex([]byte(pr.system + "\x00" + pr.user[:n]))
	}
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(p.state); err != nil {
		return record.SHA256Hex([]byte(pr.system + "\x00" + pr.user[:n]))
	}
	h.Write([]byte(pr.user[len(p.text):n]))
	return hex.EncodeToString(h.Sum(nil))
}
