package app.shro.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
