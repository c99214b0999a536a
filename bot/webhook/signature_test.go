package webhook_test

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
)

func TestSignatureVectors(t *testing.T) {
	v := webhooktest.LoadVectors(t)
	doc := v.Documented
	if got := webhook.Sign([]byte(doc.Secret), []byte(doc.Payload)); got != doc.Signature {
		t.Errorf("Sign(documented) = %s, want %s", got, doc.Signature)
	}
	if !webhook.ValidSignature([]byte(doc.Secret), []byte(doc.Payload), doc.Signature) {
		t.Error("the documented vector does not verify")
	}
	for _, c := range v.Computed {
		body := webhooktest.Read(t, c.File)
		if !webhook.ValidSignature([]byte(c.Secret), body, c.Signature) {
			t.Errorf("%s: signature does not verify", c.File)
		}
		if got := webhook.Sign([]byte(c.Secret), body); got != c.Signature {
			t.Errorf("%s: Sign = %s, want %s", c.File, got, c.Signature)
		}
	}
}

func TestSignatureRejects(t *testing.T) {
	v := webhooktest.LoadVectors(t).Documented
	secret, body, good := []byte(v.Secret), []byte(v.Payload), v.Signature
	flip := good[:len(good)-1] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", good[len(good)-1])+1)%16])
	cases := map[string]struct {
		secret, body []byte
		header       string
	}{
		"missing":            {secret, body, ""},
		"last digit changed": {secret, body, flip},
		"other secret":       {[]byte("It's a secret to everybody"), body, good},
		"other body":         {secret, []byte("Hello, World!\n"), good},
		"no algorithm":       {secret, body, strings.TrimPrefix(good, "sha256=")},
		"sha1 label":         {secret, body, "sha1=" + strings.TrimPrefix(good, "sha256=")},
		"not hex":            {secret, body, "sha256=zz" + good[9:]},
		"truncated":          {secret, body, good[:len(good)-2]},
		"empty secret":       {nil, body, webhook.Sign(nil, body)},
	}
	for name, c := range cases {
		if webhook.ValidSignature(c.secret, c.body, c.header) {
			t.Errorf("%s: accepted", name)
		}
	}
}
