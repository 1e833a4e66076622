package org.sigflow.blocks.message;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.sigflow.message.Pmt;

/** message_debug's {@code log} input (GNU Radio 3.10.8+): one line per message, in GNU Radio's PMT text. */
class MessageDebugLogTest {

    @Test
    void logWritesOneLinePerMessage() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MessageDebug.Debug dbg = new MessageDebug.Debug(true, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        dbg.handleMessage("log", new Pmt.Pair(Pmt.symbol("rate"), Pmt.of(2.5)));
        dbg.handleMessage("log", Pmt.symbol("done"));
        assertEquals("message_debug :info: (rate . 2.5)\nmessage_debug :info: done\n",
                bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }
}
