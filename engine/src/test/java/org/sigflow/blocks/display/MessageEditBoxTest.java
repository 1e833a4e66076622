package org.sigflow.blocks.display;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sigflow.message.Pmt;
import org.sigflow.message.UniformKind;

/**
 * The edit box converts its text as GNU Radio 3.10's {@code edit_box_msg_impl::edit_finished}: Qt's
 * {@code toInt}/{@code toFloat}/{@code toDouble}, comma-separated vectors with spaces removed, complex vectors as
 * pairs with the brackets removed, a string as a symbol; text that does not convert sends nothing.
 */
class MessageEditBoxTest {

    @Test
    void convertsLikeGnuRadiosEditBox() {
        assertEquals(Optional.of(Pmt.of(42L)), MessageEditBox.convert("int", " 42 "));
        assertEquals(Optional.of(Pmt.of((double) 0.1f)), MessageEditBox.convert("float", "0.1"), "pmt::from_float");
        assertEquals(Optional.of(Pmt.of(0.1)), MessageEditBox.convert("double", "0.1"));
        assertEquals(Optional.of(new Pmt.Complex(1.5, -2)), MessageEditBox.convert("complex", "(1.5,-2)"));
        assertEquals(Optional.of(Pmt.symbol("hello world")), MessageEditBox.convert("string", "hello world"));
        assertEquals(Optional.of(new Pmt.Uniform(UniformKind.S32, new int[] {1, -2, 3})),
                MessageEditBox.convert("int_vec", "1, -2,3"));
        assertEquals(Optional.of(new Pmt.Uniform(UniformKind.F32, new float[] {0.5f, 2})),
                MessageEditBox.convert("flt_vec", "0.5, 2"));
        assertEquals(Optional.of(new Pmt.Uniform(UniformKind.F64, new double[] {0.1, 3})),
                MessageEditBox.convert("dbl_vec", "0.1,3"));
        assertEquals(Optional.of(new Pmt.Uniform(UniformKind.C32, new float[] {1, 2, 3, -4})),
                MessageEditBox.convert("cpx_vec", "(1,2), (3,-4)"));
        assertEquals(Optional.empty(), MessageEditBox.convert("int", "4.5"), "Qt's toInt refuses a fraction");
        assertEquals(Optional.empty(), MessageEditBox.convert("double", "abc"));
    }

    @Test
    void sendsAPairWithItsKeyAndPassesOnWhatItReceives() {
        var box = new MessageEditBox.Box("double", true, "freq");
        java.util.List<Pmt> sent = new java.util.ArrayList<>();
        box.bindMessages(new org.sigflow.runtime.MessagePorts() {
            @Override
            public void post(String port, Pmt message) {
                assertEquals("msg", port);
                sent.add(message);
            }

            @Override
            public boolean connected(String port) {
                return true;
            }
        });
        box.applyParam("value", new org.sigflow.expr.Value.Str("2.5"));
        box.applyParam("value", new org.sigflow.expr.Value.Str("not a number"));
        box.handleMessage("val", Pmt.symbol("x"));
        assertEquals(java.util.List.of(new Pmt.Pair(Pmt.symbol("freq"), Pmt.of(2.5)), Pmt.symbol("x")), sent);
        assertEquals(Optional.of(Pmt.symbol("x")), box.latest());
    }
}
