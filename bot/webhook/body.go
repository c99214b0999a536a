package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
)

// Bounds on a body whose signature is not checked yet. Anyone can send one, so neither memory
// nor disk may grow with how many arrive at once or how large they are.
const (
	// MaxHeldUnverified is how much of a body is held in memory while its signature is
	// computed. GitHub's deliveries of the events war-room takes are a few kilobytes (a
	// comment or a pull request with its repository); a larger body's rest waits in a spool
	// file, unlinked as soon as it is made, so a crash leaves nothing behind.
	MaxHeldUnverified = 64 << 10
	// maxSpooling is how many bodies may be in spool files at once (at most MaxWebhookBody
	// each). A request past it waits for a turn before it reads on, holding only its
	// first MaxHeldUnverified bytes.
	maxSpooling = 4
)

// body is a delivery's body as it was read: its HMAC, computed over every byte on the way in,
// and, when the payload is wanted, its first bytes in memory and the rest in a spool file.
type body struct {
	mac     hash.Hash
	head    []byte
	spool   *os.File
	release func()
}

// readBody reads r to its end through the HMAC under the webhook secret. A payload that is not
// wanted (an event nothing handles, a ping) is hashed and dropped as it streams. hint is the
// declared length (-1: unknown). Close the result whatever the error.
func (h *Handler) readBody(ctx context.Context, r io.Reader, hint int64, keep bool) (*body, error) {
	b := &body{mac: hmac.New(sha256.New, h.secret), release: func() {}}
	src := io.TeeReader(r, b.mac)
	if !keep {
		_, err := io.Copy(io.Discard, src)
		return b, err
	}
	size := MaxHeldUnverified
	if hint >= 0 && hint < MaxHeldUnverified {
		size = int(hint) + 1 // an honest length then ends in EOF, not in a full buffer
	}
	buf := make([]byte, size)
	n, err := io.ReadFull(src, buf)
	b.head = buf[:n]
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return b, nil
	case err != nil:
		return b, err
	}
	return b, b.spill(ctx, src, h.spooling)
}

// spill copies the rest of the body to an unlinked temporary file, once a spooling turn is
// free.
func (b *body) spill(ctx context.Context, src io.Reader, turns chan struct{}) error {
	select {
	case turns <- struct{}{}:
		b.release = func() { <-turns }
	case <-ctx.Done():
		return ctx.Err()
	}
	f, err := os.CreateTemp("", "war-room-delivery-*")
	if err != nil {
		return fmt.Errorf("%w: %w", errSpool, err)
	}
	b.spool = f
	if err := os.Remove(f.Name()); err != nil {
		return fmt.Errorf("%w: %w", errSpool, err)
	}
	// onlyWriter hides the file's ReadFrom, so the copy uses this buffer rather than
	// allocating its own.
	_, err = io.CopyBuffer(onlyWriter{f}, src, make([]byte, 32<<10))
	return err
}

// errSpool is this server failing to keep a body (no writable temporary directory, a full
// disk), not the sender's fault: GitHub may redeliver.
var errSpool = errors.New("spool the body")

// onlyWriter turns a spool file's write failure into errSpool; it hides the file's ReadFrom.
type onlyWriter struct{ f *os.File }

func (w onlyWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		err = fmt.Errorf("%w: %w", errSpool, err)
	}
	return n, err
}

// signedBy reports whether want (the header's MAC) is the HMAC of what was read, compared in
// constant time.
func (b *body) signedBy(want []byte) bool { return hmac.Equal(b.mac.Sum(nil), want) }

// payload is the whole body: call it only once the signature is checked, since it brings a
// spooled body into memory.
func (b *body) payload() ([]byte, error) {
	if b.spool == nil {
		return b.head, nil
	}
	end, err := b.spool.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("read the spooled body: %w", err)
	}
	out := make([]byte, len(b.head)+int(end))
	copy(out, b.head)
	if _, err := b.spool.ReadAt(out[len(b.head):], 0); err != nil {
		return nil, fmt.Errorf("read the spooled body: %w", err)
	}
	return out, nil
}

// Close drops the spool file and gives back the spooling turn.
func (b *body) Close() {
	if b.spool != nil {
		b.spool.Close()
	}
	b.release()
}
