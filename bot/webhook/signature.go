package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// SignatureHeader carries the HMAC-SHA256 of the raw body under the webhook secret.
const SignatureHeader = "X-Hub-Signature-256"

// Sign is the X-Hub-Signature-256 value GitHub sends for body under secret.
func Sign(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// validSignature reports whether header is the signature of the raw body under secret. The
// MACs are compared with hmac.Equal, in constant time, so a forger learns nothing from how
// long a wrong guess took. An empty secret verifies nothing.
func validSignature(secret, body []byte, header string) bool {
	got, ok := parseSignature(header)
	if !ok || len(secret) == 0 {
		return false
	}
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hmac.Equal(m.Sum(nil), got)
}

// parseSignature reads the MAC out of an X-Hub-Signature-256 value: "sha256=" and 64 hex
// digits. Anything else cannot be a signature, so no body need be read to refuse it.
func parseSignature(header string) ([]byte, bool) {
	hexSum, ok := strings.CutPrefix(header, "sha256=")
	if !ok || len(hexSum) != 2*sha256.Size {
		return nil, false
	}
	got, err := hex.DecodeString(hexSum)
	return got, err == nil
}
